//! Positions, move generation (the base game here, god powers in `powers`), play, outcome
//! and hashing.

use core::marker::PhantomData;

use bitgames_search::{Game, Outcome, Player};
use bitgames_tables::neighbours::SANTORINI_NEIGHBOURS;
use bitgames_tables::zobrist::{SANTORINI_HEIGHT, SANTORINI_SIDE_TO_MOVE, SANTORINI_WORKER};
use smallvec::SmallVec;

use crate::error::SquareRole;
use crate::god::{
    CARD_KEYS, COIN_KEYS, COINS_USED_KEYS, GOD_FLAG_KEY, GOD_KEYS, MORPHEUS_MOST_BLOCKS, TOKEN_KEYS,
};
use crate::{Bitboard, Error, Fastest, God, IllegalReason, Kernels, Levels, Move, Square};

/// The most legal moves a base-game position can have: 300 placements on an empty board (a
/// turn has at most 2 workers x 8 destinations x 8 builds = 128). [`MoveList`] holds this
/// many on the stack.
pub const MAX_MOVES: usize = 300;

/// Whether `a` and `b` lie on opposite edges of the board (the top and bottom rows, or the
/// left and right columns), where Eros must place his workers; a corner is on two edges.
fn on_opposite_edges(a: Square, b: Square) -> bool {
    let across = |x: u32, y: u32| x.min(y) == 0 && x.max(y) == 4;
    across(a.row(), b.row()) || across(a.col(), b.col())
}

/// A player's token square ([`Position::token`]) packed in one byte: the square's bit, or
/// [`Token::NONE`]. One byte where an `Option<Square>` takes two keeps [`Position`] at 64
/// bytes, one cache line, which the base game's perft copies once a move. For Morpheus, who
/// has no token, the byte is the count of blocks on his card ([`Position::card`]): the
/// 64 bytes are full, and a god has either a token or a card, never both, so the byte that
/// other gods leave unused holds it (a wider `god_flag` would have touched every flag
/// god's code and the base game's `holds_down` test for a count only one god keeps).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Token(u8);

impl Token {
    /// No token on the board.
    pub(crate) const NONE: Token = Token(u8::MAX);

    /// The byte of `god` before anything is played: an empty card for Morpheus, no token
    /// for every other god.
    #[inline]
    pub(crate) const fn start(god: God) -> Token {
        if matches!(god, God::Morpheus) {
            Token(0)
        } else {
            Token::NONE
        }
    }

    /// Morpheus's card with `blocks` on it.
    #[inline]
    pub(crate) const fn card(blocks: u8) -> Token {
        Token(blocks)
    }

    /// The token on `square`, or none.
    #[inline]
    pub(crate) fn new(square: Option<Square>) -> Token {
        square.map_or(Token::NONE, |square| Token(square.bit() as u8))
    }

    /// The token's square, if it is on the board.
    #[inline]
    pub(crate) fn square(self) -> Option<Square> {
        if self == Token::NONE {
            None
        } else {
            Square::from_bit(u32::from(self.0))
        }
    }
}

/// Clio's coins ([`Position::coins`]) packed in a `u32` per player: bit `i` for a coin on the
/// square of row-major index `i` (A5 is 0, E1 is 24), and the coins she has used (0 to 3)
/// in bits 25 and 26, as santorini-ai's `clio.rs` packs its god data. The coins need 27
/// bits a player and the position's 64 bytes were full (the token byte holds one square),
/// so they are a field of their own: the position grows to 72 bytes, and the base game's
/// generator and play never read it (a mortal against Clio leaves the kernels' path, as
/// against Europa's Talus). Zero for every god but Clio, so that the field is equal and
/// hashes to nothing in every other game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct Coins(u32);

impl Coins {
    /// No coin used and none on the board: every god's, and Clio's before her first build.
    pub(crate) const NONE: Coins = Coins(0);
    /// The bits of the 25 squares.
    const SQUARES: u32 = (1 << 25) - 1;
    /// Where the count of used coins starts.
    const USED_SHIFT: u32 = 25;
    /// The coins Clio places: one on each of her first three builds.
    pub(crate) const MOST: u8 = 3;

    /// The coins on `squares` (by row-major index bits), `used` of them spent.
    #[inline]
    pub(crate) fn new(squares: u32, used: u8) -> Coins {
        Coins((squares & Coins::SQUARES) | (u32::from(used.min(Coins::MOST)) << Coins::USED_SHIFT))
    }

    /// The squares holding a coin, by row-major index bits.
    #[inline]
    pub(crate) fn index_bits(self) -> u32 {
        self.0 & Coins::SQUARES
    }

    /// The squares holding a coin.
    #[inline]
    pub(crate) fn squares(self) -> Bitboard {
        let mut bits = self.index_bits();
        let mut set = Bitboard::EMPTY;
        while bits != 0 {
            let index = bits.trailing_zeros();
            bits &= bits - 1;
            if let Some(square) = Square::from_index(index as usize) {
                set = set.with(square);
            }
        }
        set
    }

    /// How many coins Clio has used (placed, whether or not still on the board).
    #[inline]
    pub(crate) fn used(self) -> u8 {
        (self.0 >> Coins::USED_SHIFT) as u8
    }
}

/// The legal moves of a position: on the stack up to [`MAX_MOVES`], on the heap beyond, which
/// only gods reach (Hermes's travel alone may give some 4,000 turns: any pair of the squares
/// of his level around his workers, each with up to 16 builds).
pub type MoveList = SmallVec<[Move; MAX_MOVES]>;

/// A Santorini position: heights, both players' workers and gods, the side to move, Athena's
/// flag, Europa's token, Morpheus's card, and whether the game has been won. `S` is the kernel strategy move generation uses ([`Fastest`] by
/// default); it changes speed, never answers.
///
/// Text notation (compatible with the santorini-ai engine): `Display` writes and `FromStr`
/// reads `<25 heights A5..E1>/<side 1|2>/<god>:<sq>,<sq>/<god>:<sq>,<sq>` (`mortal` for the
/// base game, `athena[^]` after Athena moved up, `europa[D4]` with Europa's token on D4,
/// `morpheus[3]` with three blocks on Morpheus's card, `aeolus[n]` with Aeolus's wind
/// blowing north (no step north), `clio[1|C4,D2]` with one of Clio's coins left and her
/// coins on C4 and D2, `#`
/// before the winner's god); `{:#}` draws
/// the board. See the [crate docs](crate) for the rules as implemented, and [`God`] for the
/// powers.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position<S: Kernels = Fastest> {
    pub(crate) levels: Levels,
    pub(crate) workers: [Bitboard; 2],
    pub(crate) side: Player,
    /// Set by the winning move; a won position has no legal moves.
    pub(crate) winner: Option<Player>,
    /// Each player's god.
    pub(crate) gods: [God; 2],
    /// Per player, the one bit of state a god carries between turns: an Athena who moved up,
    /// or a Nike who moved down, on her last turn (her opponent cannot move up); a
    /// Polyphemus who has used his domes, an Achilles or Bellerophon who has used his power,
    /// a Theseus who has removed a worker, a Jason who has placed his new worker (for the
    /// rest of the game). Other gods keep it clear.
    pub(crate) god_flag: [bool; 2],
    /// Per player, the square a god's token marks between turns ([`God::has_token`]):
    /// Europa's Talus, none until she first places it; Selene's and Hippolyta's female
    /// worker, set as she places her workers, moved with that worker and cleared when it is
    /// removed. Aeolus keeps his wind here, as the square next to C3 in its direction (none
    /// while no wind blows): one byte, hashed as any token. Other gods keep none (Morpheus
    /// keeps his card in the same byte, [`Position::card`]; Clio's coins do not fit it and
    /// have their own field).
    pub(crate) token: [Token; 2],
    /// Per player, Clio's coins ([`Coins`], [`Position::coins`]); none for every other god.
    /// A field of its own (the only one the base game never reads): see [`Coins`] for why.
    pub(crate) coins: [Coins; 2],
    pub(crate) hash: u64,
    pub(crate) strategy: PhantomData<S>,
}

impl Position {
    /// The empty board before set-up, player 1 to place, with the default strategy (use
    /// [`Position::with_strategy`] for another).
    pub fn empty() -> Self {
        Position::from_parts(Levels::FLAT, [Bitboard::EMPTY; 2], Player::First, None)
    }

    /// The standard perft test root: `0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2`.
    pub fn test_root() -> Self {
        let sq = |name: &str| name.parse::<Square>().expect("valid square");
        let workers = [
            Bitboard::EMPTY.with(sq("B3")).with(sq("D3")),
            Bitboard::EMPTY.with(sq("C4")).with(sq("C2")),
        ];
        Position::from_parts(Levels::FLAT, workers, Player::First, None)
    }
}

impl<S: Kernels> Position<S> {
    /// Assembles a position and computes its hash. The caller has validated the parts.
    pub(crate) fn from_parts(
        levels: Levels,
        workers: [Bitboard; 2],
        side: Player,
        winner: Option<Player>,
    ) -> Self {
        let mut position = Position {
            levels,
            workers,
            side,
            winner,
            gods: [God::Mortal; 2],
            god_flag: [false; 2],
            token: [Token::NONE; 2],
            coins: [Coins::NONE; 2],
            hash: 0,
            strategy: PhantomData,
        };
        position.hash = position.recompute_hash();
        position
    }

    /// The same position, generating moves with another strategy.
    pub fn with_strategy<T: Kernels>(&self) -> Position<T> {
        bitgames_bitboard::with_strategy!(
            self => Position { levels, workers, side, winner, gods, god_flag, token, coins, hash }
        )
    }

    /// The building levels of every square, as the kernels take them.
    pub fn levels(&self) -> &Levels {
        &self.levels
    }

    /// The height of `square` (0..=4, 4 a dome).
    #[inline]
    pub fn height(&self, square: Square) -> u8 {
        self.levels.level(square)
    }

    /// The squares of `player`'s workers (empty before they are placed).
    pub fn workers(&self, player: Player) -> Bitboard {
        self.workers[player.index()]
    }

    /// Whose worker stands on `square`, if any.
    pub fn worker_at(&self, square: Square) -> Option<Player> {
        [Player::First, Player::Second]
            .into_iter()
            .find(|p| self.workers[p.index()].contains(square))
    }

    /// The player to move (or to place workers). Also available through
    /// [`Game`](bitgames_search::Game); this inherent copy needs no trait import.
    pub fn side_to_move(&self) -> Player {
        self.side
    }

    /// The god `player` plays ([`God::Mortal`] in the base game).
    pub fn god(&self, player: Player) -> God {
        self.gods[player.index()]
    }

    /// The same position with these gods (player 1's first), the god flags cleared
    /// (Athena's, Nike's, Polyphemus's), but a Jason's with three workers: only his new
    /// worker can have made the third, so his power is spent (and the text reads back), and
    /// the tokens (Europa's, Aeolus's wind) and Clio's coins off the board, but a Selene or
    /// Hippolyta with workers has her female worker on the first of them. The workers stay
    /// as they are, unless nothing is built yet and a side holds workers its new god cannot have placed (two for Graeae,
    /// who places three): then set-up starts again, both sides' workers off the board and
    /// player 1 to place, so that the position is one the rules can reach (and its text
    /// reads back). After the first build any count up to the god's is a game in progress.
    /// The pair is not checked: front ends that take the gods from a user call
    /// [`Position::try_with_gods`], which refuses the pairs [`God::check_matchup`] does.
    #[must_use]
    pub fn with_gods(&self, gods: [God; 2]) -> Self {
        let mut position = *self;
        position.gods = gods;
        position.token = gods.map(Token::start);
        position.coins = [Coins::NONE; 2];
        let nothing_built = position.levels.at(0) == Bitboard::FULL;
        let misplaced = (0..2).any(|player| {
            let placed = position.workers[player].len();
            placed != 0 && placed != gods[player].workers()
        });
        // Workers placed out of the new gods' order (Bia's priority, `God::first_to_place`):
        // only the player who places second has any.
        let first = God::first_to_place(gods);
        let out_of_order = position.workers[first.index()].is_empty()
            && position.workers[first.other().index()].any();
        if nothing_built && (misplaced || out_of_order) {
            position.workers = [Bitboard::EMPTY; 2];
        }
        // During set-up the side to move is the one that places next.
        if nothing_built && position.workers[first.index()].is_empty() {
            position.side = first;
        } else if nothing_built && position.workers[first.other().index()].is_empty() {
            position.side = first.other();
        }
        position.god_flag =
            [0, 1].map(|player| gods[player] == God::Jason && position.workers[player].len() == 3);
        // A Selene or Hippolyta given workers on the board has her female worker on the
        // first of them (in square order), so that she keeps her power (a match from a
        // placed opening).
        for (player, god) in gods.into_iter().enumerate() {
            if god.has_female_worker()
                && let Some(first) = position.workers[player].first()
            {
                position.token[player] = Token::new(Some(first));
            }
        }
        position.hash = position.recompute_hash();
        position
    }

    /// [`Position::with_gods`], or [`Error::UnsupportedMatchup`] where the gods may not
    /// play each other here (see [`God::check_matchup`]).
    pub fn try_with_gods(&self, gods: [God; 2]) -> Result<Self, Error> {
        God::check_matchup(gods)?;
        Ok(self.with_gods(gods))
    }

    /// Whether `player` is Athena and moved up on her last turn, or Nike and moved down, so
    /// her opponent cannot move up now.
    pub fn athena_moved_up(&self, player: Player) -> bool {
        self.holds_down(player.index())
    }

    /// `player`'s god flag, the state its god carries between turns: Athena moved up on her
    /// last turn, Nike moved down on hers, Polyphemus has used his domes, Achilles or
    /// Bellerophon his power, Theseus has removed a worker, Jason has placed his new one
    /// (`athena[^]`, `nike[^]`, `polyphemus[x]`, `achilles[x]`, `bellerophon[x]`,
    /// `theseus[x]`, `jason[x]`); always clear for the other gods.
    pub fn god_flag(&self, player: Player) -> bool {
        self.god_flag[player.index()]
    }

    /// The square of `player`'s token ([`God::has_token`]): where Europa's Talus stands,
    /// `None` before she places it; where Selene's or Hippolyta's female worker stands,
    /// `None` once she is removed (or when the text names none); for Aeolus, his wind, as
    /// the square next to C3 in its direction (C4 for `aeolus[n]`; [`Move::wind_name`]),
    /// `None` while none blows; `None` for every other god. Written `europa[D4]`,
    /// `selene[B3]`, `hippolyta[B3]`, `aeolus[n]`.
    pub fn token(&self, player: Player) -> Option<Square> {
        let god = self.gods[player.index()];
        if god.has_token() || god == God::Aeolus {
            self.token[player.index()].square()
        } else {
            None
        }
    }

    /// The blocks on Morpheus's card between turns (the one he gains at the start of his
    /// turn not counted yet), written `morpheus[3]`; 0 for every other god.
    pub fn card(&self, player: Player) -> u8 {
        self.card_of(player.index())
    }

    #[inline]
    pub(crate) fn card_of(&self, player: usize) -> u8 {
        if self.gods[player] == God::Morpheus {
            self.token[player].0
        } else {
            0
        }
    }

    /// The squares of `player`'s coins if that player is Clio (a coin on each of the first
    /// three blocks she built, unless she built on it again once all three were used),
    /// written `clio[1|C4,D2]` with the coins she has left before the bar; empty for every
    /// other god.
    pub fn coins(&self, player: Player) -> Bitboard {
        if self.gods[player.index()] == God::Clio {
            self.coins[player.index()].squares()
        } else {
            Bitboard::EMPTY
        }
    }

    /// How many of her three coins `player`, if Clio, has used (0 for every other god).
    pub fn coins_used(&self, player: Player) -> u8 {
        if self.gods[player.index()] == God::Clio {
            self.coins[player.index()].used()
        } else {
            0
        }
    }

    /// The squares the opponent of `mover` froze with coins: Clio's coins, which no worker
    /// of `mover`'s may enter (nor be pushed, swapped, flipped, dragged or jump onto) and
    /// on which none may build (santorini-ai's frozen mask, the opponent's only: her own
    /// coins never hold Clio back). Empty unless the opponent is Clio.
    #[inline]
    pub(crate) fn frozen_coins(&self, mover: usize) -> Bitboard {
        let them = 1 - mover;
        if self.gods[them] == God::Clio {
            self.coins[them].squares()
        } else {
            Bitboard::EMPTY
        }
    }

    /// Clio's (`player`'s) build on `build`, made: while she has a coin left it goes on the
    /// new block (a coin already there is buried under it, so the square keeps one coin);
    /// once all three are used, a block built on a coin buries it (santorini-ai's
    /// `clio.rs`: the coin bit toggles by "placing xor over a coin"). Keeps the hash.
    #[inline(never)]
    pub(crate) fn clio_build(&mut self, player: usize, build: Square) {
        let old = self.coins[player];
        let bit = 1u32 << build.index();
        let new = if old.used() < Coins::MOST {
            Coins::new(old.index_bits() | bit, old.used() + 1)
        } else {
            Coins::new(old.index_bits() & !bit, old.used())
        };
        self.set_coins(player, new);
    }

    /// Sets `player`'s coins, keeping the hash.
    #[inline]
    pub(crate) fn set_coins(&mut self, player: usize, coins: Coins) {
        self.hash ^= Self::coins_key(self.coins[player], player) ^ Self::coins_key(coins, player);
        self.coins[player] = coins;
    }

    /// The Zobrist key of `player`'s coins: one key per coin square and one per count of
    /// used coins (none for no coins used, so that every other god's hash is unchanged).
    fn coins_key(coins: Coins, player: usize) -> u64 {
        let mut key = COINS_USED_KEYS[usize::from(coins.used())][player];
        let mut bits = coins.index_bits();
        while bits != 0 {
            key ^= COIN_KEYS[bits.trailing_zeros() as usize][player];
            bits &= bits - 1;
        }
        key
    }

    /// Sets Morpheus's card (`player` plays him) to `blocks`, at most
    /// [`MORPHEUS_MOST_BLOCKS`], keeping the hash.
    #[inline]
    pub(crate) fn set_card(&mut self, player: usize, blocks: u8) {
        let blocks = blocks.min(MORPHEUS_MOST_BLOCKS);
        let old = self.token[player].0;
        self.hash ^= CARD_KEYS[usize::from(old)][player] ^ CARD_KEYS[usize::from(blocks)][player];
        self.token[player] = Token(blocks);
    }

    /// The squares no worker may move onto or build on beside the domes: Europa's Talus,
    /// whoever moves (santorini-ai puts it into every god's blocking masks). Empty unless a
    /// side is Europa with her token placed, so the base game's path never reads it.
    #[inline]
    pub(crate) fn talus(&self) -> Bitboard {
        let mut talus = Bitboard::EMPTY;
        for player in 0..2 {
            if let (God::Europa, Some(square)) = (self.gods[player], self.token[player].square()) {
                talus = talus.with(square);
            }
        }
        talus
    }

    /// Sets `player`'s token square, keeping the hash.
    #[inline]
    pub(crate) fn set_token(&mut self, player: usize, square: Option<Square>) {
        if let Some(old) = self.token[player].square() {
            self.hash ^= TOKEN_KEYS[old.index()][player];
        }
        if let Some(new) = square {
            self.hash ^= TOKEN_KEYS[new.index()][player];
        }
        self.token[player] = Token::new(square);
    }

    /// Whether `player`'s flag stops the opponent moving up: Athena's or Nike's (not
    /// Polyphemus's, Achilles's, Bellerophon's nor Theseus's, whose flags say only that a
    /// power is spent).
    #[inline(always)]
    pub(crate) fn holds_down(&self, player: usize) -> bool {
        self.god_flag[player] && matches!(self.gods[player], God::Athena | God::Nike)
    }

    /// Whether the side to move plays the base game's moves: a mortal not held down by
    /// Athena or limited by the opponent's power (Hera, Hades, Hypnus, Limus, Persephone).
    /// Its moves come from the kernels directly.
    #[inline(always)]
    pub(crate) fn moves_as_mortal(&self) -> bool {
        let other = self.side.other().index();
        self.gods[self.side.index()] == God::Mortal
            && !self.holds_down(other)
            && !self.gods[other].restricts_opponent()
    }

    /// The player who made a winning move, if any.
    pub fn winner(&self) -> Option<Player> {
        self.winner
    }

    /// Whether set-up is under way in Bia's order (`God::first_to_place`): nothing built, not
    /// every worker placed, and player 2 placing first. santorini-ai's text then writes the
    /// side as the player who does not place next.
    pub(crate) fn in_set_up_after_bia(&self) -> bool {
        self.levels.at(0) == Bitboard::FULL
            && God::first_to_place(self.gods) == Player::Second
            && (self.workers[0].is_empty() || self.workers[1].is_empty())
    }

    /// Whether the side to move still has to place its workers: it has none and nothing is
    /// built yet. Set-up ends with the first build, as in santorini-ai's
    /// `get_starting_placement_state`: once Medusa or Theseus has removed workers, a side
    /// left with none has no turn (it is stuck, and loses), it does not place again.
    #[inline]
    pub fn in_set_up(&self) -> bool {
        self.workers[self.side.index()].is_empty() && self.levels.at(0) == Bitboard::FULL
    }

    /// The levels as the kernels see them for a worker on `mover`: squares holding another
    /// worker count as level 4.
    #[inline(always)]
    pub(crate) fn open_levels(&self, occupied: Bitboard, mover: Square) -> Levels {
        let others = occupied.without(mover);
        let [l0, l1, l2, l3] = [0, 1, 2, 3].map(|l| self.levels.at(l) - others);
        Levels::from_disjoint([l0, l1, l2, l3])
    }

    /// Calls `each` with every legal move.
    #[inline]
    fn for_each_move(&self, mut each: impl FnMut(Move)) {
        if self.winner.is_some() {
            return;
        }
        let occupied = self.workers[0] | self.workers[1];
        let not_domed = !self.levels.domes();
        if self.in_set_up() {
            let free = not_domed - occupied;
            let god = self.gods[self.side.index()];
            if god.workers() == 3 {
                // Graeae places her three workers in one turn.
                for a in free {
                    let after_a = free - Bitboard::from_bits_truncate((2u64 << a.bit()) - 1);
                    for b in after_a {
                        for c in after_a - Bitboard::from_bits_truncate((2u64 << b.bit()) - 1) {
                            each(Move::PlaceThree(a, b, c));
                        }
                    }
                }
                return;
            }
            let eros = god == God::Eros;
            // Bia places on the perimeter only (santorini-ai's `PerimeterOnly`).
            let free = if god == God::Bia {
                free & crate::powers::perimeter()
            } else {
                free
            };
            for a in free {
                for b in free - Bitboard::from_bits_truncate((2u64 << a.bit()) - 1) {
                    if !eros || on_opposite_edges(a, b) {
                        each(Move::Place(a, b));
                        // Selene's and Hippolyta's female worker is the first square:
                        // both orders.
                        if god.has_female_worker() {
                            each(Move::Place(b, a));
                        }
                    }
                }
            }
            return;
        }
        if !self.moves_as_mortal() {
            self.for_each_power_move(&mut each);
            return;
        }
        self.for_each_mortal_move(occupied, not_domed, each);
    }

    /// The base game's moves of the side to move after set-up, from the kernels: each
    /// worker's winning climbs, then its move-and-build pairs.
    #[inline(always)]
    fn for_each_mortal_move(
        &self,
        occupied: Bitboard,
        not_domed: Bitboard,
        mut each: impl FnMut(Move),
    ) {
        let l3 = self.levels.at(3);
        for worker in self.workers[self.side.index()] {
            let from = worker;
            let destinations = S::move_to(from, &self.open_levels(occupied, worker));
            let wins = if self.levels.at(2).contains(worker) {
                destinations & l3
            } else {
                Bitboard::EMPTY
            };
            for to in wins {
                each(Move::Win { from, to });
            }
            let buildable = not_domed - occupied.without(worker);
            for to in destinations - wins {
                for build in Bitboard::from_bits_truncate(SANTORINI_NEIGHBOURS[to.bit() as usize])
                    & buildable
                {
                    each(Move::Build { from, to, build });
                }
            }
        }
    }

    /// Every legal move: placements during set-up, otherwise each worker's winning climbs
    /// then its move-and-build pairs; empty once someone has won or the side to move is
    /// stuck.
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        self.for_each_move(|mv| moves.push(mv));
        moves
    }

    /// The number of legal moves, counted without listing them (perft's last ply).
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        if self.winner.is_some() {
            return 0;
        }
        let occupied = self.workers[0] | self.workers[1];
        let not_domed = !self.levels.domes();
        if self.in_set_up() {
            if matches!(self.gods[self.side.index()], God::Eros | God::Bia) {
                let mut count = 0;
                self.for_each_move(|_| count += 1);
                return count;
            }
            let free = (not_domed - occupied).len() as u64;
            let pairs = free * free.saturating_sub(1) / 2;
            if self.gods[self.side.index()].workers() == 3 {
                return pairs * free.saturating_sub(2) / 3;
            }
            // Selene and Hippolyta place their female worker first: both orders of a pair.
            if self.gods[self.side.index()].has_female_worker() {
                return 2 * pairs;
            }
            return pairs;
        }
        if !self.moves_as_mortal() {
            return self.count_power_moves();
        }
        self.count_mortal_moves(occupied, not_domed)
    }

    /// The number of [`Position::for_each_mortal_move`]'s moves.
    #[inline(always)]
    fn count_mortal_moves(&self, occupied: Bitboard, not_domed: Bitboard) -> u64 {
        let l3 = self.levels.at(3);
        let mut count = 0;
        for worker in self.workers[self.side.index()] {
            let open = self.open_levels(occupied, worker);
            let mut destinations = S::move_to(worker, &open);
            if self.levels.at(2).contains(worker) {
                count += (destinations & l3).len() as u64;
                destinations -= l3;
            }
            let buildable = (not_domed - occupied.without(worker)).bits();
            for to in destinations {
                count +=
                    u64::from((SANTORINI_NEIGHBOURS[to.bit() as usize] & buildable).count_ones());
            }
        }
        count
    }

    /// Perft 2 of a position with no gods (and so no Athena flags) after set-up: the base
    /// game's moves, played and counted with no god checks. The gods' checks cost mortal
    /// perft some 5% spread over every play and count; here they are made once.
    #[inline(always)]
    fn perft_2_mortal(&self) -> u64 {
        let occupied = self.workers[0] | self.workers[1];
        let not_domed = !self.levels.domes();
        let mut total = 0;
        self.for_each_mortal_move(occupied, not_domed, |mv| {
            // A win ends the game: no moves below it.
            if let Move::Build { from, to, build } = mv {
                let mut next = *self;
                next.move_and_build(self.side.index(), from, to, build);
                next.pass_turn();
                let occupied = next.workers[0] | next.workers[1];
                total += next.count_mortal_moves(occupied, !next.levels.domes());
            }
        });
        total
    }

    /// The square a move from `from` to `to` first steps onto: `to` itself unless Harpies
    /// slid the worker on, then its neighbour towards `to` (straight or diagonal).
    pub(crate) fn first_step(from: Square, to: Square) -> Square {
        let unit = |a: u32, b: u32| b.cmp(&a) as i64;
        let row = i64::from(from.row()) + unit(from.row(), to.row());
        let col = i64::from(from.col()) + unit(from.col(), to.col());
        match (u32::try_from(row), u32::try_from(col)) {
            (Ok(row), Ok(col)) => Square::new(row, col).unwrap_or(to),
            _ => to,
        }
    }

    /// The position after `mv`, or why `mv` is illegal here ([`Error::IllegalMove`] with an
    /// [`IllegalReason`]). Search code that plays moves from [`Position::legal_moves`]
    /// uses [`Position::play_unchecked`], which skips the check.
    pub fn play(&self, mv: Move) -> Result<Self, Error> {
        self.check_move(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// The position after `mv`, which must be legal (one of [`Position::legal_moves`]):
    /// the hot path, with no check.
    #[inline]
    pub fn play_unchecked(&self, mv: Move) -> Self {
        let mut next = *self;
        let me = self.side.index();
        match mv {
            Move::Place(a, b) => {
                next.workers[me] = a.bitboard() | b.bitboard();
                next.hash ^=
                    SANTORINI_WORKER[a.bit() as usize][me] ^ SANTORINI_WORKER[b.bit() as usize][me];
                if self.gods[me].has_female_worker() {
                    next.set_token(me, Some(a));
                }
                // Player 1 placing after Bia (see `God::first_to_place`) takes the first turn.
                if me == 0 && self.workers[1].any() {
                    return next;
                }
            }
            Move::PlaceThree(a, b, c) => {
                next.workers[me] = a.bitboard() | b.bitboard() | c.bitboard();
                next.hash ^= SANTORINI_WORKER[a.bit() as usize][me]
                    ^ SANTORINI_WORKER[b.bit() as usize][me]
                    ^ SANTORINI_WORKER[c.bit() as usize][me];
                if me == 0 && self.workers[1].any() {
                    return next;
                }
            }
            Move::Build { from, to, build } => {
                next.move_and_build(me, from, to, build);
                // Against Harpies the flags follow the step, not where the slide ended
                // (santorini-ai's `athena.rs` and `nike.rs`).
                let stepped = self.height(Self::first_step(from, to));
                match self.gods[me] {
                    God::Athena => next.set_god_flag(me, stepped > self.height(from)),
                    // santorini-ai's `nike.rs`: Athena's flag, set by a move down.
                    God::Nike => next.set_god_flag(me, stepped < self.height(from)),
                    God::Medusa => next.petrify(me),
                    // Against Harpies her removal follows her step, not her slide.
                    God::Bia => next.bia_removal(me, from, Self::first_step(from, to)),
                    // His turn that leaves no wind calms it.
                    God::Aeolus => next.set_token(me, None),
                    God::Clio => next.clio_build(me, build),
                    _ => {}
                }
            }
            Move::Win { from, to } => {
                next.displace(from, to);
                next.move_worker(me, from, to);
                next.winner = Some(self.side);
            }
            power => next.play_power(self, power),
        }
        next.pass_turn();
        next
    }

    /// The base game's turn: `player`'s worker moves from `from` to `to` and builds on
    /// `build`, keeping the hash.
    #[inline(always)]
    fn move_and_build(&mut self, player: usize, from: Square, to: Square, build: Square) {
        self.move_worker(player, from, to);
        let height = self.height(build);
        self.levels = self.levels.raised(build, height);
        let keys = &SANTORINI_HEIGHT[build.bit() as usize];
        self.hash ^= keys[usize::from(height)] ^ keys[usize::from(height) + 1];
    }

    /// Hands the turn to the other player, keeping the hash.
    #[inline(always)]
    fn pass_turn(&mut self) {
        self.side = self.side.other();
        self.hash ^= SANTORINI_SIDE_TO_MOVE;
    }

    /// Moves `player`'s worker from `from` to `to`, keeping the hash; a token on its square
    /// (Selene's or Hippolyta's female worker: Europa's Talus never shares a worker's
    /// square) goes with it, whoever moved it (santorini-ai's `oppo_worker_xor`). One byte compared, never equal
    /// in the base game.
    #[inline(always)]
    pub(crate) fn move_worker(&mut self, player: usize, from: Square, to: Square) {
        self.workers[player] = self.workers[player].without(from).with(to);
        self.hash ^= SANTORINI_WORKER[from.bit() as usize][player]
            ^ SANTORINI_WORKER[to.bit() as usize][player];
        // Her female worker goes with her (the byte holds Aeolus's wind or Morpheus's
        // card for them: not a worker's square).
        if self.token[player] == Token::new(Some(from)) && self.gods[player].has_female_worker() {
            self.set_token(player, Some(to));
        }
    }

    /// Removes `player`'s worker on `square` from the game (Medusa's, Bia's and Theseus's
    /// victims), keeping the hash; a token on its square (a female worker) is gone
    /// with it, as santorini-ai's `oppo_worker_kill` clears it.
    #[inline]
    pub(crate) fn remove_worker(&mut self, player: usize, square: Square) {
        self.workers[player] = self.workers[player].without(square);
        self.hash ^= SANTORINI_WORKER[square.bit() as usize][player];
        if self.token[player] == Token::new(Some(square)) && self.gods[player].has_female_worker() {
            self.set_token(player, None);
        }
    }

    /// Won by the player who moved up onto level 3, or lost by a side to move that has no
    /// legal turn. Santorini has no draws.
    pub fn outcome(&self) -> Outcome {
        match self.winner {
            Some(player) => Outcome::Win(player),
            None if self.count_legal_moves() == 0 => Outcome::Win(self.side.other()),
            None => Outcome::Ongoing,
        }
    }

    /// The Zobrist hash: every square's height key, every worker's key, and the side key
    /// when player 2 is to move.
    pub fn recompute_hash(&self) -> u64 {
        let mut hash = 0;
        for square in Square::all() {
            hash ^= SANTORINI_HEIGHT[square.bit() as usize][usize::from(self.height(square))];
        }
        for player in [Player::First, Player::Second] {
            for square in self.workers[player.index()] {
                hash ^= SANTORINI_WORKER[square.bit() as usize][player.index()];
            }
        }
        if self.side == Player::Second {
            hash ^= SANTORINI_SIDE_TO_MOVE;
        }
        for player in 0..2 {
            hash ^= GOD_KEYS[self.gods[player] as usize][player];
            if self.god_flag[player] {
                hash ^= GOD_FLAG_KEY.rotate_left(player as u32);
            }
            if self.gods[player] == God::Morpheus {
                hash ^= CARD_KEYS[usize::from(self.token[player].0)][player];
            } else if let Some(square) = self.token[player].square() {
                hash ^= TOKEN_KEYS[square.index()][player];
            }
            hash ^= Self::coins_key(self.coins[player], player);
        }
        hash
    }

    /// Sets `player`'s god flag (Athena's, Nike's, Polyphemus's), keeping the hash.
    #[inline]
    pub(crate) fn set_god_flag(&mut self, player: usize, set: bool) {
        if self.god_flag[player] != set {
            self.god_flag[player] = set;
            self.hash ^= GOD_FLAG_KEY.rotate_left(player as u32);
        }
    }

    /// Why `mv` is not legal here, or `Ok(())` if it is.
    pub fn check_move(&self, mv: Move) -> Result<(), Error> {
        if self.legal_moves().contains(&mv) {
            return Ok(());
        }
        Err(Error::IllegalMove {
            mv,
            reason: self.illegality(mv),
        })
    }

    /// Reads a move and checks that it is legal here.
    ///
    /// A move is found by its notation: Hermes's one-worker travel `A1>C1^C2` reads as the
    /// plain move with the same text.
    pub fn parse_move(&self, text: &str) -> Result<Move, Error> {
        let mut mv: Move = text.parse()?;
        // santorini-ai's `B3>C3xD3^C4`: only Bia's turn, with an opponent worker on D3.
        if let Some(beyond) = crate::moves::removal_named(text) {
            let god = self.gods[self.side.index()];
            if god != God::Bia || !self.workers[self.side.other().index()].contains(beyond) {
                return Err(Error::IllegalMove {
                    mv,
                    reason: IllegalReason::NoSuchPowerMove { god },
                });
            }
        }
        let legal = self.legal_moves();
        if legal.contains(&mv) {
            return Ok(mv);
        }
        // Castor: his lone worker's build `^C4` reads as Hermes's (nobody travels); his move
        // of both in the other pairing of the squares (santorini-ai writes each it reaches)
        // is the one move of that position, if the written steps are his.
        if self.gods[self.side.index()] == God::Castor {
            match mv {
                Move::Travel { from, to, build } if from == to => {
                    let still = Move::BuildStill { build };
                    if legal.contains(&still) {
                        return Ok(still);
                    }
                }
                Move::MoveBoth { to, .. } if self.castor_written(mv) => {
                    let ends = to[0].bitboard().with(to[1]);
                    if let Some(&same) = legal.iter().find(|m| {
                        matches!(m, Move::MoveBoth { to: t, .. } if t[0].bitboard().with(t[1]) == ends)
                    }) {
                        return Ok(same);
                    }
                }
                _ => {}
            }
        }
        // A placement reads in the order written (Selene's and Hippolyta's female worker
        // first); for the other gods either order is the one placement.
        if let Move::Place(a, b) = mv
            && let Some(canonical) = Move::place(a, b)
            && legal.contains(&canonical)
        {
            return Ok(canonical);
        }
        // Nemesis's two trades in the other order: her workers are alike, so the same
        // position, one move (both orders are moves only when they move a female worker).
        if let Move::Trade {
            from,
            to,
            build,
            trades: [Some(a), Some(b)],
        } = mv
        {
            let other = Move::Trade {
                from,
                to,
                build,
                trades: [Some(b), Some(a)],
            };
            if legal.contains(&other) {
                return Ok(other);
            }
        }
        // Theseus's removal ` xD4` and Asteria's or Polyphemus's dome ` XD4` differ only in
        // case: each reads as the other's where the other god moves.
        let theseus = self.gods[self.side.index()] == God::Theseus;
        match mv {
            Move::BuildSlay {
                from,
                to,
                build,
                slain,
            } if !theseus => {
                mv = Move::BuildDome {
                    from,
                    to,
                    build,
                    dome: slain,
                };
                if legal.contains(&mv) {
                    return Ok(mv);
                }
            }
            Move::BuildDome {
                from,
                to,
                build,
                dome,
            } if theseus => {
                mv = Move::BuildSlay {
                    from,
                    to,
                    build,
                    slain: dome,
                };
                if legal.contains(&mv) {
                    return Ok(mv);
                }
            }
            _ => {}
        }
        // Polyphemus's one dome is written as Asteria's.
        if let Move::BuildDome {
            from,
            to,
            build,
            dome,
        } = mv
        {
            let one = Move::BuildDomes {
                from,
                to,
                build,
                domes: [dome; 2],
            };
            if legal.contains(&one) {
                return Ok(one);
            }
        }
        let written = mv.to_string();
        if let Some(&same) = legal.iter().find(|m| m.to_string() == written) {
            return Ok(same);
        }
        // Two builds on one square: Hephaestus's `^^C4` and Hestia's `^C4^C4` name one turn.
        let twin = match mv {
            Move::BuildTwice {
                from,
                to,
                builds: [a, b],
            } if a == b => Some(Move::BuildDouble { from, to, build: a }),
            Move::BuildDouble { from, to, build } => Some(Move::BuildTwice {
                from,
                to,
                builds: [build, build],
            }),
            _ => None,
        };
        if let Some(twin) = twin
            && legal.contains(&twin)
        {
            return Ok(twin);
        }
        // Prometheus's two builds in the other order give the same position.
        if let Move::BuildFirst {
            first,
            from,
            to,
            build,
        } = mv
        {
            let swapped = Move::BuildFirst {
                first: build,
                from,
                to,
                build: first,
            };
            if legal.contains(&swapped) {
                return Ok(swapped);
            }
        }
        // Hydra: santorini-ai lists some of her positions once per way to reach them (see
        // `God`); each of those texts names the turn given here. Moving to one square and
        // placing on another is moving to the second and placing on the first; a worker
        // moving next to another and returning it is the other moving there and returning
        // the first; returning the worker that moved is one turn whichever square it moved to.
        if let Move::BuildHead {
            from,
            to,
            build,
            head,
        } = mv
        {
            let placed = Move::BuildHead {
                from,
                to: head,
                build,
                head: to,
            };
            let traded = Move::BuildHead {
                from: head,
                to,
                build,
                head: from,
            };
            // The text's own turn must be one santorini-ai lists: a new worker on one of
            // the lowest free squares, or a worker of hers returned.
            let spots = self.hydra_spots(from, to, build);
            let placed = spots
                .is_some_and(|spots| spots.contains(head))
                .then_some(placed);
            let traded = (spots.is_none() && head != to).then_some(traded);
            let returned = legal.iter().copied().find(|&other| {
                head == to
                    && spots.is_none()
                    && matches!(other, Move::BuildHead { from: f, to: t, build: b, head: h }
                        if f == from && b == build && t == h)
            });
            let twin = placed
                .into_iter()
                .chain(traded)
                .chain(returned)
                .find(|twin| legal.contains(twin));
            if let Some(twin) = twin {
                return Ok(twin);
            }
        }
        // Ares taking his own block back: any square where that turn is legal names the one
        // move (written with the first such square), as santorini-ai's generator lists it
        // once per square.
        if let Some(same) = self.ares_undo(mv, &legal) {
            return Ok(same);
        }
        // Asteria's build on one level-3 square and dome on another: the other order is the
        // same position.
        if let Move::BuildDome {
            from,
            to,
            build,
            dome,
        } = mv
            && self.height(build) == 3
            && self.height(dome) == 3
        {
            let swapped = Move::BuildDome {
                from,
                to,
                build: dome,
                dome: build,
            };
            if legal.contains(&swapped) {
                return Ok(swapped);
            }
        }
        // Polyphemus's turns that give the position of a legal one (a build on another
        // square that he domes too, or a level-3 build and a dome swapped).
        if let Some(same) = self.polyphemus_same(mv, &legal) {
            return Ok(same);
        }
        // Poseidon's turns with the same blocks and another square for the moved worker's
        // build (one of the extra builds' squares): that build must be a legal plain one
        // and the extra builds next to his worker that did not move.
        if let Move::BuildMore {
            from,
            to,
            build,
            extra,
        } = mv
            && self.gods[self.side.index()] == God::Poseidon
            && legal.contains(&Move::Build { from, to, build })
            && (self.workers[self.side.index()].without(from).iter()).any(|still| {
                let near = still.bitboard().neighbours();
                extra.into_iter().flatten().all(|e| near.contains(e))
            })
        {
            let blocks = |m: Move| match m {
                Move::BuildMore {
                    from: f,
                    to: t,
                    build,
                    extra,
                } if (f, t) == (from, to) => {
                    let mut all: Vec<Square> = extra.into_iter().flatten().collect();
                    all.push(build);
                    all.sort_unstable();
                    Some(all)
                }
                _ => None,
            };
            let wanted = blocks(mv);
            if let Some(&same) = legal.iter().find(|&&m| blocks(m) == wanted) {
                return Ok(same);
            }
        }
        Err(Error::IllegalMove {
            mv,
            reason: self.illegality(mv),
        })
    }

    /// The legal move of Polyphemus that his `mv` (one dome or two after the build) gives
    /// the position of when it is not the one listed: its build must be a legal plain
    /// build, and what it domes and raises that of the legal move from the same square to
    /// the same square.
    fn polyphemus_same(&self, mv: Move, legal: &[Move]) -> Option<Move> {
        if self.gods[self.side.index()] != God::Polyphemus {
            return None;
        }
        let (from, to, build, domes) = match mv {
            Move::BuildDome {
                from,
                to,
                build,
                dome,
            } => (from, to, build, [dome; 2]),
            Move::BuildDomes {
                from,
                to,
                build,
                domes,
            } => (from, to, build, domes),
            _ => return None,
        };
        // The squares the turn domes and the square it raises without doming, if any.
        let effect = |build: Square, domes: [Square; 2]| {
            let domed = domes[0].bitboard().with(domes[1]);
            let h = self.height(build);
            if h == 4 || domed.iter().any(|d| self.height(d) == 4) {
                return None;
            }
            match (h, domed.contains(build)) {
                (3, true) => None,
                (3, false) => Some((domed.with(build), None)),
                (_, true) => Some((domed, None)),
                (_, false) => Some((domed, Some(build))),
            }
        };
        let wanted = effect(build, domes)?;
        if !legal.contains(&Move::Build { from, to, build }) {
            return None;
        }
        legal.iter().copied().find(|&m| {
            matches!(m, Move::BuildDomes { from: f, to: t, build: b, domes: d }
                if (f, t) == (from, to) && effect(b, d) == Some(wanted))
        })
    }

    /// The legal move that Ares's `mv`, a build taken back on some square, names when it is
    /// not the written one: the plain build there must be legal, and the square next to his
    /// worker that did not move and below level 3.
    fn ares_undo(&self, mv: Move, legal: &[Move]) -> Option<Move> {
        let Move::BuildRemove {
            from,
            to,
            build,
            remove,
        } = mv
        else {
            return None;
        };
        let still = self.workers[self.side.index()].without(from);
        let near = still
            .iter()
            .any(|worker| worker.bitboard().neighbours().contains(build));
        if build != remove
            || !near
            || self.height(build) >= 3
            || !legal.contains(&Move::Build { from, to, build })
        {
            return None;
        }
        legal.iter().copied().find(|&other| {
            matches!(other, Move::BuildRemove { from: f, to: t, build: b, remove: r }
                if (f, t) == (from, to) && b == r)
        })
    }

    /// Explains why a move that is not in the legal list is illegal.
    fn illegality(&self, mv: Move) -> IllegalReason {
        use IllegalReason as R;
        let player = self.side;
        if let Some(winner) = self.winner {
            return R::GameOver { winner };
        }
        let occupied = self.workers[0] | self.workers[1];
        let talus = self.talus();
        let coins = self.frozen_coins(self.side.index());
        let blocked = |square: Square, role: SquareRole| -> Option<IllegalReason> {
            if self.height(square) == 4 {
                Some(R::Domed { role, square })
            } else if occupied.contains(square) {
                Some(R::Occupied { role, square })
            } else if talus.contains(square) {
                Some(R::Talus { role, square })
            } else if coins.contains(square) {
                Some(R::Coin { role, square })
            } else {
                None
            }
        };
        let adjacent =
            |a: Square, b: Square| SANTORINI_NEIGHBOURS[a.bit() as usize] & (1 << b.bit()) != 0;
        let god = self.gods[self.side.index()];
        if let Some(owner) = mv.power() {
            return if !mv.is_power_of(god) {
                R::AnotherGodsPower {
                    mv,
                    owner,
                    player,
                    god,
                }
            } else {
                R::NoSuchPowerMove { god }
            };
        }
        match mv {
            Move::Place(a, b) => {
                if !self.in_set_up() {
                    return R::AlreadyPlaced { player };
                }
                blocked(a, SquareRole::Placement)
                    .or_else(|| blocked(b, SquareRole::Placement))
                    .unwrap_or(R::NotAPlacement)
            }
            Move::PlaceThree(a, b, c) => {
                if !self.in_set_up() {
                    return R::AlreadyPlaced { player };
                }
                blocked(a, SquareRole::Placement)
                    .or_else(|| blocked(b, SquareRole::Placement))
                    .or_else(|| blocked(c, SquareRole::Placement))
                    .unwrap_or(R::NotAPlacement)
            }
            Move::Build { from, to, .. } | Move::Win { from, to } => {
                if self.in_set_up() {
                    return R::MustPlaceFirst { player };
                }
                if !self.workers[self.side.index()].contains(from) {
                    return R::NoWorker { player, from };
                }
                if !adjacent(from, to) {
                    return R::NotAdjacent { from, to };
                }
                if let Some(reason) = blocked(to, SquareRole::Destination) {
                    return reason;
                }
                let (from_level, to_level) = (self.height(from), self.height(to));
                if to_level > from_level + 1 {
                    return R::TooHigh {
                        from_level,
                        to_level,
                    };
                }
                let wins = from_level == 2 && to_level == 3;
                match mv {
                    Move::Win { .. } if !wins => R::NotAWin {
                        from,
                        to,
                        from_level,
                        to_level,
                    },
                    Move::Build { .. } if wins => R::MustWin { from, to },
                    Move::Build { build, .. } => {
                        if !adjacent(to, build) {
                            R::BuildNotAdjacent { build, to }
                        } else if build != from {
                            blocked(build, SquareRole::Build).unwrap_or(R::NotLegal)
                        } else {
                            R::NotLegal
                        }
                    }
                    _ => R::NotLegal,
                }
            }
            _ => R::NotLegal,
        }
    }
}

impl<S: Kernels> Default for Position<S> {
    /// The empty board before set-up.
    fn default() -> Self {
        Position::from_parts(Levels::FLAT, [Bitboard::EMPTY; 2], Player::First, None)
    }
}

impl<S: Kernels> Game for Position<S> {
    const NAME: &'static str = "santorini";
    const FINISHED_GAME_IS_A_LEAF: bool = false;
    /// About seventy moves a ply: three plies are some 350,000 leaves.
    const PERFT_UNINTERRUPTED_DEPTH: u32 = 3;

    /// Fewer plies where a god multiplies the moves: Hermes travels anywhere on his level
    /// (up to some two thousand moves a ply: three plies take from seconds to minutes, one
    /// well under a millisecond), Prometheus may build first (hundreds: three plies took
    /// up to 0.3 s in random games, two a few milliseconds; Achilles with his power unused
    /// the same; Europa, whose turns each put her token on up to eight squares, some four
    /// hundred from the start: three plies of two Europas are some hundred million leaves),
    /// Polyphemus with his domes
    /// unused has some fifteen thousand (two plies of two such are over two hundred million
    /// leaves, one a millisecond or so), Poseidon with his extra builds some five thousand
    /// (two plies of two such took seconds), Morpheus with a full card some 130,000 (every
    /// way to spend twelve blocks around his worker). With the other gods three plies took at most
    /// some 30 ms. So Ctrl-C stops a count within a moment whoever plays.
    #[inline]
    fn perft_uninterrupted_depth(&self) -> u32 {
        if self.gods.contains(&God::Hermes)
            || self.gods.contains(&God::Polyphemus)
            || self.gods.contains(&God::Poseidon)
            || self.gods.contains(&God::Morpheus)
        {
            1
        } else if self.gods.contains(&God::Prometheus)
            || self.gods.contains(&God::Achilles)
            || self.gods.contains(&God::Europa)
        {
            2
        } else {
            Self::PERFT_UNINTERRUPTED_DEPTH
        }
    }

    bitgames_search::inherent_game_methods!(Move, MoveList, Error);

    /// Walks the moves without listing them (a finished game is no leaf here, so an empty
    /// turn counts nothing).
    #[inline]
    fn perft_2(&self) -> u64 {
        if self.gods == [God::Mortal; 2]
            && self.god_flag == [false; 2]
            && self.winner.is_none()
            && !self.in_set_up()
        {
            return self.perft_2_mortal();
        }
        let mut total = 0;
        self.for_each_move(|mv| total += self.play_unchecked(mv).count_legal_moves());
        total
    }
}

/// Random positions start from the empty board, so set-up positions, games in progress and
/// won games all occur.
impl<S: Kernels> bitgames_search::RandomPosition for Position<S> {
    const PLIES: core::ops::RangeInclusive<u32> = 0..=39;

    fn origin() -> Self {
        Position::empty().with_strategy::<S>()
    }
}
