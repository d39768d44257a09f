//! The generic search tools on a game small enough to solve outright: tic-tac-toe.

use core::fmt;
use core::str::FromStr;

use bitgames_search::{
    AlphaBeta, ArrayVec, DEFAULT_MEMORY_BUDGET, Evaluate, Game, Limits, Mcts, Outcome, PerftStop,
    PerftSuite, Player, SplitError, SuiteError, WIN, perft, perft_until, run_suite, split,
    split_within,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Board {
    cells: [Option<Player>; 9],
    side: Player,
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl Board {
    fn winner(&self) -> Option<Player> {
        LINES.iter().find_map(|l| {
            let a = self.cells[l[0]]?;
            (self.cells[l[1]] == Some(a) && self.cells[l[2]] == Some(a)).then_some(a)
        })
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.cells {
            f.write_str(match c {
                Some(Player::First) => "x",
                Some(Player::Second) => "o",
                None => "-",
            })?;
        }
        Ok(())
    }
}

#[derive(Debug, thiserror::Error)]
#[error("bad input")]
struct Bad;

impl FromStr for Board {
    type Err = Bad;
    fn from_str(text: &str) -> Result<Self, Bad> {
        let mut cells = [None; 9];
        for (i, c) in text.chars().enumerate().take(9) {
            cells[i] = match c {
                'x' => Some(Player::First),
                'o' => Some(Player::Second),
                '-' => None,
                _ => return Err(Bad),
            };
        }
        let xs = cells.iter().filter(|c| **c == Some(Player::First)).count();
        let os = cells.iter().filter(|c| **c == Some(Player::Second)).count();
        let side = if xs == os {
            Player::First
        } else {
            Player::Second
        };
        Ok(Board { cells, side })
    }
}

impl Game for Board {
    type Move = u8;
    type Moves = ArrayVec<u8, 9>;
    type Error = Bad;
    const NAME: &'static str = "tictactoe";
    const FINISHED_GAME_IS_A_LEAF: bool = false;

    fn start() -> Self {
        Board {
            cells: [None; 9],
            side: Player::First,
        }
    }
    fn side_to_move(&self) -> Player {
        self.side
    }
    fn legal_moves(&self) -> Self::Moves {
        if self.winner().is_some() {
            return ArrayVec::new();
        }
        (0..9u8)
            .filter(|&i| self.cells[usize::from(i)].is_none())
            .collect()
    }
    fn play(&self, mv: u8) -> Self {
        let mut next = *self;
        next.cells[usize::from(mv)] = Some(self.side);
        next.side = self.side.other();
        next
    }
    fn outcome(&self) -> Outcome {
        match self.winner() {
            Some(p) => Outcome::Win(p),
            None if self.cells.iter().all(Option::is_some) => Outcome::Draw,
            None => Outcome::Ongoing,
        }
    }
    fn hash(&self) -> u64 {
        self.cells
            .iter()
            .fold(u64::from(self.side == Player::Second), |h, c| {
                h * 3
                    + match c {
                        None => 0,
                        Some(Player::First) => 1,
                        Some(Player::Second) => 2,
                    }
            })
    }
    fn recompute_hash(&self) -> u64 {
        self.hash()
    }
    fn parse_move(&self, text: &str) -> Result<u8, Bad> {
        text.parse().map_err(|_| Bad)
    }
}

impl Evaluate for Board {
    fn evaluate(&self) -> i32 {
        0
    }
}

/// Plain minimax, no pruning, no table: the oracle for alpha-beta.
fn minimax(board: &Board, ply: i32) -> i32 {
    let moves = board.legal_moves();
    if moves.is_empty() {
        return match board.outcome() {
            Outcome::Win(w) if w == board.side => WIN - ply,
            Outcome::Win(_) => -(WIN - ply),
            _ => 0,
        };
    }
    moves
        .iter()
        .map(|&m| -minimax(&board.play(m), ply + 1))
        .max()
        .unwrap()
}

#[test]
fn perft_counts_tictactoe_games() {
    // Of the 255,168 possible games, 127,872 last all nine moves (81,792 won on the ninth
    // move and 46,080 draws): the published counts.
    assert_eq!(perft(&Board::start(), 9), 127_872);
    assert_eq!(perft(&Board::start(), 2), 72);
}

#[test]
fn perft_until_counts_as_perft_does_and_stops_when_asked() {
    use std::sync::atomic::AtomicBool;
    let running = AtomicBool::new(false);
    // Deeper than the uninterrupted depth (4), so the flag is read on the way down.
    assert_eq!(perft_until(&Board::start(), 9, &running), Ok(127_872));
    assert_eq!(perft_until(&Board::start(), 3, &running), Ok(504));
    let stopped = AtomicBool::new(true);
    assert_eq!(
        perft_until(&Board::start(), 9, &stopped),
        Err(PerftStop::Interrupted)
    );
}

#[test]
fn a_bounded_split_refuses_past_its_limit_and_stops_when_asked() {
    use std::sync::atomic::AtomicBool;
    let running = AtomicBool::new(false);
    let all = split(&Board::start(), 3, false);
    let within = split_within(&Board::start(), 3, false, 1_000, &running).unwrap();
    // The same positions (in hash-map order, which differs between maps) and sequences.
    let set = |positions: &[Board]| {
        positions
            .iter()
            .copied()
            .collect::<std::collections::HashSet<_>>()
    };
    assert_eq!(set(&within.positions), set(&all.positions));
    assert_eq!((within.sequences(), all.sequences()), (504, 504));
    // After each of the nine first moves, 8 * 7 = 56 sequences reach 56 distinct positions.
    assert_eq!(
        split_within(&Board::start(), 3, false, 20, &running).unwrap_err(),
        SplitError::TooManyPositions(20)
    );
    let stopped = AtomicBool::new(true);
    assert_eq!(
        split_within(&Board::start(), 3, false, 1_000, &stopped).unwrap_err(),
        SplitError::Stopped
    );
}

#[test]
fn a_perft_suite_checks_counts_under_its_limit_and_reports_every_mismatch() {
    // The counts of `perft_counts_tictactoe_games`, in the suite format.
    let suite = "# tic-tac-toe\nid empty\nposition ---------\nperft 2 72\nperft 9 127872\n";
    let report = run_suite::<Board>(suite, 100).unwrap();
    assert_eq!(
        report.depths("empty"),
        [2],
        "perft 9 is above the node limit"
    );
    let all = suite.parse::<PerftSuite>().unwrap();
    assert_eq!(
        all.check::<Board>(u64::MAX, 2).unwrap().depths("empty"),
        [2, 9]
    );

    let wrong = "id empty\nposition ---------\nperft 1 9\nperft 2 71\nperft 3 505\n";
    match run_suite::<Board>(wrong, u64::MAX) {
        Err(SuiteError::Mismatch(mismatches)) => {
            assert_eq!(mismatches.len(), 2);
            assert_eq!(
                mismatches[0].to_string(),
                "line 4: empty perft 2: expected 71, counted 72 (+1)"
            );
            assert_eq!((mismatches[1].depth, mismatches[1].counted), (3, 504));
        }
        other => panic!("expected two mismatches, got {other:?}"),
    }
    let unreadable = "id bad\nposition --z------\nperft 1 9\n";
    let err = run_suite::<Board>(unreadable, u64::MAX).unwrap_err();
    assert_eq!(err.to_string(), "perft suite line 2: bad: bad input");
}

#[test]
fn alphabeta_equals_minimax() {
    let mut searcher = AlphaBeta::<Board>::new(12);
    for text in [
        "---------",
        "x--------",
        "x---o----",
        "xo-------",
        "xx-oo----",
        "xo-xo----",
        "x-o-x-o--",
    ] {
        let board: Board = text.parse().unwrap();
        let result = searcher.search(&board, Limits::depth(9));
        assert_eq!(result.score, minimax(&board, 0), "{text}");
        let best = result.best_move.unwrap();
        assert_eq!(
            -minimax(&board.play(best), 1),
            result.score,
            "{text}: best move {best}"
        );
        assert!(!result.pv.is_empty());
    }
}

#[test]
fn alphabeta_respects_node_limits_and_still_moves() {
    let mut searcher = AlphaBeta::<Board>::new(10);
    let result = searcher.search(&Board::start(), Limits::nodes(50));
    assert!(result.best_move.is_some());
    assert!(result.nodes < 2_000, "{}", result.nodes);
}

/// A game without [`Evaluate::win_chance`] keeps random playouts when asked for evaluated
/// leaves: the same seed gives the same search.
#[test]
fn evaluated_leaves_fall_back_to_playouts() {
    let board = Board::start();
    let plain = Mcts::new(board, 4).search(None, Some(300));
    let evaluated = Mcts::new(board, 4)
        .with_evaluated_leaves()
        .search(None, Some(300));
    assert_eq!(
        (plain.best_move, plain.value),
        (evaluated.best_move, evaluated.value)
    );
}

#[test]
fn mcts_finds_the_winning_move_and_reuses_its_tree() {
    // x to move wins at 2 (x x -).
    let board: Board = "xx-oo----".parse().unwrap();
    let mut mcts = Mcts::new(board, 1);
    let result = mcts.search(None, Some(2_000));
    assert_eq!(result.best_move, Some(2));
    assert!(result.value > 0.9);
    // Seeded: the same seed gives the same choice and value.
    let again = Mcts::new(board, 1).search(None, Some(2_000));
    assert_eq!(
        (again.best_move, again.value),
        (result.best_move, result.value)
    );
    // Advancing the root keeps the searched subtree and searches on from there.
    let mut mcts = Mcts::new(Board::start(), 3);
    mcts.search(None, Some(500));
    mcts.advance(4);
    assert_eq!(mcts.root(), &Board::start().play(4));
    let result = mcts.search(None, Some(100));
    assert!(
        Board::start()
            .play(4)
            .legal_moves()
            .contains(&result.best_move.unwrap())
    );
}

#[test]
fn mcts_stops_growing_at_its_memory_budget_and_keeps_searching() {
    // Unbounded, 3,000 iterations from the start make about 3,000 nodes.
    let mut free = Mcts::new(Board::start(), 5);
    free.search(None, Some(3_000));
    assert!(free.node_count() > 2_000, "{}", free.node_count());
    assert!(free.memory_used() <= free.memory_budget());
    // A budget of 16 KiB holds a few dozen nodes; every iteration still runs, the tree stays
    // within the budget, and the search still finds the win.
    let budget = 16 << 10;
    let board: Board = "xx-oo----".parse().unwrap();
    let mut small = Mcts::with_memory_budget(board, 1, budget);
    let result = small.search(None, Some(3_000));
    assert_eq!(result.iterations, 3_000);
    assert!(small.memory_used() <= budget, "{}", small.memory_used());
    assert!(small.node_count() < 300, "{}", small.node_count());
    assert_eq!(result.best_move, Some(2));
    // A budget too small for any child keeps the root alone and still answers a legal move.
    let mut tiny = Mcts::with_memory_budget(Board::start(), 1, 0);
    let result = tiny.search(None, Some(100));
    assert_eq!(tiny.node_count(), 1);
    assert!(
        Board::start()
            .legal_moves()
            .contains(&result.best_move.unwrap())
    );
    // A larger budget lets it grow again.
    tiny.set_memory_budget(1 << 20);
    tiny.search(None, Some(100));
    assert!(tiny.node_count() > 50);
    assert_eq!(
        Mcts::new(Board::start(), 1).memory_budget(),
        DEFAULT_MEMORY_BUDGET
    );
}

/// Splitting merges transpositions and changes no count, at every split depth.
#[test]
fn split_perft_equals_plain_perft() {
    use bitgames_search::{divide, perft_split, split};
    let root = Board::start();
    for depth in 1..=6 {
        let plain = divide(&root, depth);
        for k in 1..=depth {
            let (total, by_move) = perft_split(&root, depth, k, false, 2, |_| {}).unwrap();
            assert_eq!(by_move, plain, "depth {depth}, split {k}");
            assert_eq!(total, plain.iter().map(|(_, n)| n).sum::<u64>());
        }
    }
    // Three plies down: 9 * 8 * 7 = 504 move sequences, but only 36 pairs of X squares
    // times 7 O squares = 252 distinct boards (by hand).
    let three = split(&root, 3, false);
    assert_eq!(three.sequences(), 504);
    assert_eq!(three.positions.len(), 252);
}
