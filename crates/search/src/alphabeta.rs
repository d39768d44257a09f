//! Negamax alpha-beta (principal-variation search) with iterative deepening, a
//! transposition table, time/node limits and a stop flag another thread can set.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use web_time::{Duration, Instant};

use crate::tt::{Bound, Entry, TranspositionTable};
use crate::{Evaluate, Game, Outcome, ProbCut, WIN};

/// When to stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration to start.
    pub max_depth: u32,
    /// Stop once this many nodes are searched (the last completed iteration counts).
    pub max_nodes: Option<u64>,
    /// Stop once this much time has passed (the last completed iteration counts).
    pub max_time: Option<Duration>,
}

impl Limits {
    /// Iterate to `depth` plies, however long it takes.
    pub fn depth(depth: u32) -> Self {
        Limits {
            max_depth: depth,
            max_nodes: None,
            max_time: None,
        }
    }

    /// Search about `nodes` nodes: repeatable whatever the machine's load (what tests use).
    pub fn nodes(nodes: u64) -> Self {
        Limits {
            max_depth: 64,
            max_nodes: Some(nodes),
            max_time: None,
        }
    }

    /// Search for about `time` (what players at a clock use).
    pub fn time(time: Duration) -> Self {
        Limits {
            max_depth: 64,
            max_nodes: None,
            max_time: Some(time),
        }
    }
}

/// The result of a search.
#[derive(Debug, Clone)]
pub struct SearchResult<M> {
    /// `None` only when the root has no legal move.
    pub best_move: Option<M>,
    /// For the side to move; `±(WIN - plies)` for a forced win or loss.
    pub score: i32,
    /// The deepest iteration completed.
    pub depth: u32,
    /// Nodes searched, all iterations together.
    pub nodes: u64,
    /// Wall-clock time of the whole search.
    pub seconds: f64,
    /// The principal variation of the last completed iteration.
    pub pv: Vec<M>,
    /// Whether the stop flag ([`AlphaBeta::with_stop`]) ended the search: the result is
    /// then the last completed iteration's, as when a limit runs out.
    pub stopped: bool,
}

impl<M> SearchResult<M> {
    /// The search speed.
    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.seconds.max(1e-9)
    }
}

/// A reusable alpha-beta searcher (keeps its transposition table between searches).
#[derive(Debug)]
pub struct AlphaBeta<G: Game> {
    tt: TranspositionTable<Entry<G::Move>>,
    nodes: u64,
    stop: bool,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    /// Set from another thread to stop the search ([`AlphaBeta::with_stop`]).
    stop_flag: Option<Arc<AtomicBool>>,
    /// Whether `stop_flag` stopped the search in progress.
    flagged: bool,
    /// The best root move of the iteration in progress, among those searched to the end.
    root_best: Option<G::Move>,
    /// Whether the game's Multi-ProbCut tests ([`Evaluate::probcut`]) are used.
    probcut: bool,
}

impl<G: Evaluate> Default for AlphaBeta<G> {
    fn default() -> Self {
        AlphaBeta::new(18)
    }
}

impl<G: Evaluate> AlphaBeta<G> {
    /// A searcher with a table of `2^tt_bits` entries.
    pub fn new(tt_bits: u32) -> Self {
        AlphaBeta {
            tt: TranspositionTable::new(tt_bits),
            nodes: 0,
            stop: false,
            deadline: None,
            node_limit: None,
            stop_flag: None,
            flagged: false,
            root_best: None,
            probcut: true,
        }
    }

    /// The searcher, stopped by `stop` as by a limit: once another thread sets it, a search
    /// returns within moments (it is read with the clock, every 1024 nodes) with the last
    /// completed iteration's result and [`SearchResult::stopped`]. Searches started while it
    /// is set still complete depth 1. The searcher never clears it.
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Self {
        self.stop_flag = Some(stop);
        self
    }

    /// Turns the game's Multi-ProbCut tests ([`Evaluate::probcut`]) on (the default) or
    /// off. Off, the search is a full-width one: what the tests' margins are measured with.
    pub fn set_probcut(&mut self, on: bool) {
        self.probcut = on;
    }

    /// Iterative deepening from depth 1 until a limit; the result of the last completed
    /// iteration (at least depth 1 is always completed, so a legal move is always returned).
    pub fn search(&mut self, root: &G, limits: Limits) -> SearchResult<G::Move> {
        let start = Instant::now();
        self.tt.new_search();
        self.nodes = 0;
        self.stop = false;
        self.flagged = false;
        self.deadline = limits.max_time.map(|t| start + t);
        self.node_limit = limits.max_nodes;
        let mut result = SearchResult {
            best_move: root.legal_moves().into_iter().next(),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            seconds: 0.0,
            stopped: false,
        };
        // A player at a clock with one legal move has nothing to think about: one
        // iteration gives the move (and a score), and the time is kept.
        let forced = limits.max_time.is_some() && root.legal_moves().as_ref().len() == 1;
        let max_depth = if forced { 1 } else { limits.max_depth.max(1) };
        // Scores of the completed iterations, by depth (index 0 unused).
        let mut scores: Vec<i32> = vec![0; max_depth as usize + 1];
        let mut clock = IterationClock::new(start);
        for depth in 1..=max_depth {
            let score = match depth.checked_sub(2).map(|d| scores[d as usize]) {
                Some(guess) if depth >= ASPIRATION_FROM && guess.abs() < WIN - MATE_RANGE => {
                    self.aspiration(root, depth, guess)
                }
                _ => {
                    self.root_best = None;
                    self.negamax(root, depth, 0, -WIN - 1, WIN + 1, depth == 1)
                }
            };
            if self.stop && depth > 1 {
                // The iteration did not finish, but the root moves it searched to the end
                // are known at this depth: the first was the last iteration's best, so a
                // better one found after it is the better choice.
                if let Some(mv) = self.root_best {
                    result.best_move = Some(mv);
                }
                break;
            }
            scores[depth as usize] = score;
            result.score = score;
            result.depth = depth;
            result.pv = self.principal_variation(root, depth);
            let previous_best = result.best_move;
            if let Some(&first) = result.pv.first() {
                result.best_move = Some(first);
            }
            if score.abs() >= WIN - MATE_RANGE || self.stop {
                break;
            }
            let settled = depth >= 3
                && result.best_move == previous_best
                && score >= scores[depth as usize - 2] - ASPIRATION_WINDOW / 2;
            if clock.iteration_done(settled, self.deadline) == Next::Stop {
                break;
            }
        }
        result.nodes = self.nodes;
        result.seconds = start.elapsed().as_secs_f64();
        result.stopped = self.flagged;
        result
    }

    /// One iteration with an aspiration window around `guess`, the score of the iteration
    /// two plies shallower (same parity: odd and even depths differ in their bias), widened
    /// on the side where it fails until the score falls inside.
    fn aspiration(&mut self, root: &G, depth: u32, guess: i32) -> i32 {
        let mut below = ASPIRATION_WINDOW;
        let mut above = ASPIRATION_WINDOW;
        loop {
            let alpha = (guess - below).max(-WIN - 1);
            let beta = (guess + above).min(WIN + 1);
            self.root_best = None;
            let score = self.negamax(root, depth, 0, alpha, beta, false);
            if self.stop {
                return score;
            }
            if score <= alpha && alpha > -WIN - 1 {
                below = below.saturating_mul(4);
            } else if score >= beta && beta < WIN + 1 {
                above = above.saturating_mul(4);
            } else {
                return score;
            }
        }
    }

    fn principal_variation(&self, root: &G, depth: u32) -> Vec<G::Move> {
        let mut pv = Vec::new();
        let mut position = *root;
        for _ in 0..depth {
            let Some(mv) = self.tt.probe(Game::hash(&position)).and_then(|e| e.best) else {
                break;
            };
            if !position.legal_moves().as_ref().contains(&mv) {
                break;
            }
            pv.push(mv);
            position = position.play(mv);
        }
        pv
    }

    fn out_of_budget(&mut self) -> bool {
        if self.nodes.is_multiple_of(1024) {
            let over_time = self.deadline.is_some_and(|d| Instant::now() >= d);
            let over_nodes = self.node_limit.is_some_and(|n| self.nodes >= n);
            self.flagged |= (self.stop_flag.as_ref()).is_some_and(|f| f.load(Ordering::Relaxed));
            self.stop |= over_time || over_nodes || self.flagged;
        }
        self.stop
    }

    /// `must_finish`: the first iteration ignores the limits so there is always a move.
    fn negamax(
        &mut self,
        position: &G,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        must_finish: bool,
    ) -> i32 {
        self.nodes += 1;
        if !must_finish && self.out_of_budget() {
            return 0;
        }
        if depth == 0 {
            // A leaf: only the outcome is needed, which games answer without listing moves.
            return match position.outcome() {
                Outcome::Ongoing => position.evaluate(),
                outcome => terminal_score(outcome, position, ply),
            };
        }
        let moves = position.legal_moves();
        if moves.as_ref().is_empty() {
            return terminal_score(position.outcome(), position, ply);
        }
        let key = Game::hash(position);
        let original_alpha = alpha;
        let mut tt_move = None;
        if let Some(entry) = self.tt.probe(key) {
            tt_move = entry.best;
            let score = from_tt(entry.score, ply);
            if u32::from(entry.depth) >= depth && ply > 0 {
                match entry.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
        }
        if self.probcut
            && ply > 0
            && beta - alpha == 1
            && let Some(cut) = position.probcut(depth)
            && let Some(score) = self.try_probcut(position, ply, (alpha, beta), cut, must_finish)
        {
            return score;
        }
        let mut ordered: Vec<(i32, G::Move)> = moves
            .into_iter()
            .map(|mv| {
                let priority = if Some(mv) == tt_move {
                    i32::MAX
                } else {
                    position.move_priority(mv)
                };
                (priority, mv)
            })
            .collect();
        ordered.sort_by_key(|&(priority, _)| core::cmp::Reverse(priority));

        let mut best_score = -WIN - 1;
        let mut best_move = None;
        for (index, (_, mv)) in ordered.into_iter().enumerate() {
            let child = position.play(mv);
            // Principal-variation search: the first move (the table's, or the best by the
            // game's ordering) with the full window; the others with a null window, which
            // only proves them no better, and again with the full window when one is.
            let mut score;
            if index == 0 {
                score = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, must_finish);
            } else {
                score = -self.negamax(&child, depth - 1, ply + 1, -alpha - 1, -alpha, must_finish);
                if score > alpha && score < beta && (must_finish || !self.stop) {
                    score = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, must_finish);
                }
            }
            if self.stop && !must_finish {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if ply == 0 {
                    self.root_best = Some(mv);
                }
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best_score <= original_alpha {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt.store(
            key,
            Entry {
                depth: depth.min(255) as u8,
                bound,
                score: to_tt(best_score, ply),
                best: best_move,
            },
        );
        best_score
    }
}

impl<G: Evaluate> AlphaBeta<G> {
    /// Multi-ProbCut at a null-window node: `beta` when a `cut.depth`-ply search proves the
    /// position at least `cut.above` above `beta`, `alpha` when one proves it `cut.below`
    /// below `alpha`, else `None` (search it in full). Only inside the evaluation's range: near a
    /// forced win or loss the shallow search's score says nothing about the margin.
    fn try_probcut(
        &mut self,
        position: &G,
        ply: u32,
        (alpha, beta): (i32, i32),
        cut: ProbCut,
        must_finish: bool,
    ) -> Option<i32> {
        let high = beta.checked_add(cut.above)?;
        if high < WIN / 2 {
            let score = self.negamax(position, cut.depth, ply, high - 1, high, must_finish);
            if self.stop && !must_finish {
                return Some(0);
            }
            if score >= high {
                return Some(beta);
            }
        }
        let low = alpha.checked_sub(cut.below)?;
        if low > -WIN / 2 {
            let score = self.negamax(position, cut.depth, ply, low, low + 1, must_finish);
            if self.stop && !must_finish {
                return Some(0);
            }
            if score <= low {
                return Some(alpha);
            }
        }
        None
    }
}

/// Whether iterative deepening goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Next {
    Deepen,
    Stop,
}

/// Time management at a clock: how long the iterations take, and whether the next one is
/// worth starting.
///
/// An iteration that cannot finish before the deadline still helps when the position is
/// unclear: the root moves it searches to the end may overturn the best move. When the best
/// move has held for three iterations and the score has not dropped, such an iteration only
/// spends time, so it is not started: clear moves take less than the budget, unclear ones
/// all of it (the idea of the "easy move" and of predicting the next iteration's cost, as
/// chess programs such as Crafty use them).
#[derive(Debug)]
struct IterationClock {
    /// When the iteration in progress started.
    started: Instant,
    /// How long the last completed iteration took.
    last: Option<Duration>,
    /// Completed iterations in a row that kept the best move and its score.
    settled_run: u32,
}

impl IterationClock {
    fn new(start: Instant) -> Self {
        IterationClock {
            started: start,
            last: None,
            settled_run: 0,
        }
    }

    /// Records a completed iteration (`settled`: it kept the best move and did not lose
    /// score) and says whether to start the next one before `deadline`.
    fn iteration_done(&mut self, settled: bool, deadline: Option<Instant>) -> Next {
        let now = Instant::now();
        let took = now.saturating_duration_since(self.started);
        self.started = now;
        self.settled_run = if settled { self.settled_run + 1 } else { 0 };
        // Each iteration costs a few times the one before: predict the next from the ratio
        // of the last two (clamped, as very short iterations are noise).
        let growth = match self.last.replace(took) {
            Some(before) if before > Duration::from_micros(200) => {
                (took.as_secs_f64() / before.as_secs_f64()).clamp(1.5, 8.0)
            }
            _ => 3.0,
        };
        match deadline {
            Some(deadline) if self.settled_run >= 2 && now + took.mul_f64(growth) > deadline => {
                Next::Stop
            }
            _ => Next::Deepen,
        }
    }
}

/// Iterations from this depth on search an aspiration window first.
const ASPIRATION_FROM: u32 = 4;

/// The aspiration window's half-width to start with, in the evaluation's unit; it grows
/// fourfold on the side that fails. (Two discs for Othello, whose scores are hundredths of
/// a disc.)
const ASPIRATION_WINDOW: i32 = 200;

/// The score of a finished game for its side to move, `ply` plies from the root.
fn terminal_score<G: Game>(outcome: Outcome, position: &G, ply: u32) -> i32 {
    match outcome {
        Outcome::Win(winner) if winner == position.side_to_move() => WIN - ply as i32,
        Outcome::Win(_) => -(WIN - ply as i32),
        _ => 0,
    }
}

/// Scores within this distance of `WIN` are forced wins or losses, counted in plies.
const MATE_RANGE: i32 = 1000;

/// Win and loss scores count plies from the root; the table stores them counted from the
/// stored position instead, so a hit at another ply reads the right distance.
fn to_tt(score: i32, ply: u32) -> i32 {
    if score > WIN - MATE_RANGE {
        score + ply as i32
    } else if score < -(WIN - MATE_RANGE) {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: u32) -> i32 {
    if score > WIN - MATE_RANGE {
        score - ply as i32
    } else if score < -(WIN - MATE_RANGE) {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::ArrayVec;

    /// A game too big to search to the end, for the tests of the stop flag: eight moves from
    /// every position, each to a new one, scored at random by a hash; a draw after 200 plies.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub(crate) struct Wide {
        state: u64,
        ply: u16,
    }

    /// SplitMix64's finaliser: a well-mixed hash of `x`.
    fn mix(mut x: u64) -> u64 {
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^ (x >> 31)
    }

    impl core::fmt::Display for Wide {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            write!(f, "{} {}", self.state, self.ply)
        }
    }

    impl core::str::FromStr for Wide {
        type Err = core::num::ParseIntError;
        fn from_str(text: &str) -> Result<Self, Self::Err> {
            Ok(Wide {
                state: text.parse()?,
                ply: 0,
            })
        }
    }

    impl Game for Wide {
        type Move = u8;
        type Moves = ArrayVec<u8, 8>;
        type Error = core::num::ParseIntError;
        const NAME: &'static str = "wide";
        const FINISHED_GAME_IS_A_LEAF: bool = false;

        fn start() -> Self {
            Wide { state: 1, ply: 0 }
        }
        fn side_to_move(&self) -> crate::Player {
            match self.ply % 2 {
                0 => crate::Player::First,
                _ => crate::Player::Second,
            }
        }
        fn legal_moves(&self) -> Self::Moves {
            match self.ply {
                200.. => ArrayVec::new(),
                _ => (0..8).collect(),
            }
        }
        fn play(&self, mv: u8) -> Self {
            Wide {
                state: mix(self.state ^ u64::from(mv)),
                ply: self.ply + 1,
            }
        }
        fn outcome(&self) -> Outcome {
            match self.ply {
                200.. => Outcome::Draw,
                _ => Outcome::Ongoing,
            }
        }
        fn hash(&self) -> u64 {
            self.state
        }
        fn recompute_hash(&self) -> u64 {
            self.state
        }
        fn parse_move(&self, text: &str) -> Result<u8, Self::Error> {
            text.parse()
        }
    }

    impl Evaluate for Wide {
        fn evaluate(&self) -> i32 {
            (mix(self.state) % 2001) as i32 - 1000
        }
    }

    /// Sets a new flag from another thread after `after`.
    pub(crate) fn flag_set_after(
        after: Duration,
    ) -> (Arc<AtomicBool>, std::thread::JoinHandle<()>) {
        let stop = Arc::new(AtomicBool::new(false));
        let setter = {
            let stop = Arc::clone(&stop);
            std::thread::spawn(move || {
                std::thread::sleep(after);
                stop.store(true, Ordering::Relaxed);
            })
        };
        (stop, setter)
    }

    /// Liveness, not speed: a stopped search returns within moments; allow much more.
    pub(crate) const PROMPTLY: Duration = Duration::from_secs(10);

    #[test]
    fn a_flag_set_from_another_thread_stops_a_search() {
        let (stop, setter) = flag_set_after(Duration::from_millis(50));
        let started = Instant::now();
        // Depth 64 never finishes; the clock only ends the search if the flag fails to.
        let limits = Limits {
            max_time: Some(Duration::from_secs(60)),
            ..Limits::depth(64)
        };
        let result = AlphaBeta::<Wide>::new(16)
            .with_stop(stop)
            .search(&Wide::start(), limits);
        let took = started.elapsed();
        setter.join().unwrap();
        assert!(result.stopped, "{result:?}");
        assert!(took < PROMPTLY, "{took:?}");
        assert!((1..64).contains(&result.depth), "{result:?}");
        assert!(result.best_move.is_some());
    }

    #[test]
    fn a_search_started_with_the_flag_set_completes_depth_one() {
        let stop = Arc::new(AtomicBool::new(true));
        let mut searcher = AlphaBeta::<Wide>::new(16).with_stop(stop);
        let result = searcher.search(&Wide::start(), Limits::depth(64));
        assert!(result.stopped, "{result:?}");
        assert!(result.depth >= 1);
        assert!(result.best_move.is_some());
    }

    #[test]
    fn an_unset_flag_changes_nothing() {
        let root = Wide::start().play(3);
        let plain = AlphaBeta::<Wide>::new(16).search(&root, Limits::depth(6));
        let flagged = AlphaBeta::<Wide>::new(16)
            .with_stop(Arc::new(AtomicBool::new(false)))
            .search(&root, Limits::depth(6));
        assert_eq!(plain.depth, 6);
        assert!(!plain.stopped && !flagged.stopped);
        assert!(plain.nodes > 10_000, "{}", plain.nodes);
        assert_eq!(
            (
                plain.best_move,
                plain.score,
                plain.depth,
                plain.nodes,
                plain.pv
            ),
            (
                flagged.best_move,
                flagged.score,
                flagged.depth,
                flagged.nodes,
                flagged.pv
            )
        );
    }

    /// A clock whose iterations so far took `last`, the one just finished starting at
    /// `started`.
    fn clock_after(last: Duration, started: Instant, settled_run: u32) -> IterationClock {
        IterationClock {
            started,
            last: Some(last),
            settled_run,
        }
    }

    #[test]
    fn a_clear_move_does_not_start_an_iteration_that_cannot_finish() {
        let now = Instant::now();
        let start = now - Duration::from_millis(40);
        let deadline = Some(now + Duration::from_millis(50));
        // The last iteration took 40 ms, the one before 10: the next takes about 160 ms,
        // past the deadline. Settled for the second time in a row: stop.
        let mut clock = clock_after(Duration::from_millis(10), start, 1);
        assert_eq!(clock.iteration_done(true, deadline), Next::Stop);
    }

    #[test]
    fn an_unclear_move_spends_the_whole_budget() {
        let now = Instant::now();
        let start = now - Duration::from_millis(40);
        let deadline = Some(now + Duration::from_millis(50));
        // The same timings, but the best move changed (or the score dropped): go on.
        let mut clock = clock_after(Duration::from_millis(10), start, 5);
        assert_eq!(clock.iteration_done(false, deadline), Next::Deepen);
        // Settled once is not enough either.
        let mut clock = clock_after(Duration::from_millis(10), start, 0);
        assert_eq!(clock.iteration_done(true, deadline), Next::Deepen);
    }

    #[test]
    fn an_iteration_that_fits_is_started() {
        let now = Instant::now();
        let start = now - Duration::from_millis(10);
        let deadline = Some(now + Duration::from_secs(60));
        let mut clock = clock_after(Duration::from_millis(5), start, 3);
        assert_eq!(clock.iteration_done(true, deadline), Next::Deepen);
        // No clock at all: depth and node limits decide.
        let mut clock = clock_after(Duration::from_millis(5), start, 3);
        assert_eq!(clock.iteration_done(true, None), Next::Deepen);
    }
}
