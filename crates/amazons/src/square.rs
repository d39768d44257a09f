//! Squares: bit `11 * row + col` with row 0 the top rank (10) and column 10 a guard column;
//! files a..j left to right, ranks 1..10 bottom to top.

/// A square of the board: bit `11 * row + col` with row 0 the top rank (10) and column 10 a
/// guard column; files a..j left to right, ranks 1..10 bottom to top. Prints as `d1`,
/// `j10`; parses any case.
pub type Square = bitgames_bitboard::Square<bitgames_bitboard::Amazons>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(Square::new(0, 0).unwrap().to_string(), "a10");
        assert_eq!(Square::new(9, 9).unwrap().to_string(), "j1");
        assert_eq!("d1".parse::<Square>().unwrap(), Square::new(9, 3).unwrap());
        for square in Square::all() {
            assert_eq!(square.to_string().parse::<Square>().unwrap(), square);
            assert_eq!(Square::from_bit(square.bit()), Some(square));
        }
        assert_eq!(Square::all().count(), 100);
        for bad in ["", "a", "k1", "a0", "a11", "a01", "1a", "a-1", "a1x"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
        assert_eq!(Square::from_bit(10), None);
        assert_eq!(Square::from_bit(110), None);
    }
}
