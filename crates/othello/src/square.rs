//! Squares a1..h8: bit `8 * row + col`, a1 the top-left (bit 0), files a..h left to right,
//! rows 1..8 top to bottom (the Edax/GGS layout).

/// A square of the board: bit `8 * row + col`, a1 (bit 0) the top-left square, files a..h
/// left to right, ranks 1..8 top to bottom (the Edax/GGS layout). Prints as `d3`; parses
/// `d3` or `D3`.
pub type Square = bitgames_bitboard::Square<bitgames_bitboard::Othello>;

/// The square of bit `bit` of a disc set, for kernels reading squares off a raw `u64`
/// (`trailing_zeros` of a non-empty set). Every bit below 64 is a square, so after the mask
/// the check compiles away.
#[inline(always)]
pub(crate) fn square_at(bit: u32) -> Square {
    Square::from_bit(bit & 63).expect("every bit of a u64 is an Othello square")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_edax_layout() {
        assert_eq!(Square::from_bit(0).unwrap().to_string(), "a1");
        assert_eq!(Square::from_bit(7).unwrap().to_string(), "h1");
        assert_eq!(Square::from_bit(8).unwrap().to_string(), "a2");
        assert_eq!(Square::from_bit(63).unwrap().to_string(), "h8");
        for bit in 0..64 {
            assert_eq!(square_at(bit).bit(), bit);
        }
        assert_eq!("D3".parse::<Square>().unwrap().bit(), 19);
        for square in Square::all() {
            assert_eq!(square.to_string().parse::<Square>().unwrap(), square);
        }
        for bad in ["", "a", "i1", "a0", "a9", "11", "a1 "] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
        assert_eq!(Square::from_bit(64), None);
        // The named constants are the squares their names parse to.
        assert_eq!(Square::A1, "a1".parse().unwrap());
        assert_eq!(Square::D3, "d3".parse().unwrap());
        assert_eq!(Square::H1.bit(), 7);
        assert_eq!(Square::A8.bit(), 56);
        assert_eq!(Square::H8.to_string(), "h8");
    }
}
