//! One check-and-time harness for every hot operation of every game.
//!
//! A game describes each operation once as an [`Operation`] over its instance type (for
//! Othello: a position and a square), generic over the strategy, and lists every
//! (operation, strategy) pair as a [`Kernel`]. The tests, `bitgames compare` and the criterion
//! benches then all run the same two things per kernel: [`Kernel::check`] (the answer equals
//! the naive oracle's) and [`Kernel::pass`] (answer every instance, folding the answers into a
//! checksum so that nothing is optimised away). What differs between them is only who drives
//! the loop: quickcheck, a median-of-samples timer, or criterion.

use core::fmt;
pub use core::hint::black_box;

use crate::{Bitboard, Geometry};

/// An operation's answer in a form every front end can show (the web app's Kernels page,
/// Python): squares by name, in layers, or a number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// Sets of squares by name (`d3`, `B4`, `a10`): one layer for a plain set; for distance
    /// layers, layer `k` holds the squares at distance `k`.
    Layers(Vec<Vec<String>>),
    /// A count (for example perft's replies).
    Count(u64),
}

impl Answer {
    /// One set of squares, named in bit order.
    pub fn set<G: Geometry>(set: Bitboard<G>) -> Answer {
        Answer::layers([set])
    }

    /// Several sets of squares (layer `k` first-seen at distance `k`), named in bit order.
    pub fn layers<G: Geometry>(layers: impl IntoIterator<Item = Bitboard<G>>) -> Answer {
        Answer::Layers(
            layers
                .into_iter()
                .map(|set| set.iter().map(|square| square.to_string()).collect())
                .collect(),
        )
    }
}

/// One hot operation of a game, as one strategy computes it.
pub trait Operation<I>: 'static {
    /// The operation's name in reports and bench groups, e.g. `legal_moves`.
    const NAME: &'static str;
    /// The answer; strategies must give equal answers.
    type Output: PartialEq + fmt::Debug;

    /// The label of the strategy in reports and bench ids (usually its name).
    fn strategy() -> String;

    /// Answers one instance. Implementations pass the arguments they take from the
    /// instance through [`black_box`], as the timing loops need (it costs nothing in checks).
    fn call(instance: &I) -> Self::Output;

    /// Folds an answer into 64 bits for the timing loops' checksum.
    fn checksum(output: Self::Output) -> u64;

    /// The answer as front ends show it.
    fn answer(output: &Self::Output) -> Answer;
}

/// One (operation, strategy) pair, with the oracle it is checked against.
pub struct Kernel<I: 'static> {
    /// The operation's name ([`Operation::NAME`]).
    pub operation: &'static str,
    /// The strategy's label ([`Operation::strategy`]).
    pub strategy: String,
    pass: fn(&[I]) -> u64,
    check: fn(&I) -> Option<(String, String)>,
    answer: fn(&I) -> Answer,
}

impl<I: 'static> fmt::Debug for Kernel<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.operation, self.strategy)
    }
}

/// A strategy whose answer differs from the oracle's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disagreement {
    /// The operation.
    pub operation: &'static str,
    /// The strategy that disagrees.
    pub strategy: String,
    /// The instance's index in the checked slice.
    pub index: usize,
    /// The instance, as `Debug` prints it.
    pub instance: String,
    /// The oracle's answer.
    pub expected: String,
    /// The strategy's answer.
    pub got: String,
}

impl fmt::Display for Disagreement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "strategy {} disagrees with naive on {} at instance {} ({}): expected {}, got {}",
            self.strategy, self.operation, self.index, self.instance, self.expected, self.got
        )
    }
}

impl std::error::Error for Disagreement {}

impl<I: fmt::Debug + 'static> Kernel<I> {
    /// The kernel of operation `O`, checked against the oracle `Oracle` (the same operation
    /// as the naive strategy computes it).
    pub fn new<O, Oracle>() -> Self
    where
        O: Operation<I>,
        Oracle: Operation<I, Output = O::Output>,
    {
        Kernel {
            operation: O::NAME,
            strategy: O::strategy(),
            pass: pass::<I, O>,
            check: check::<I, O, Oracle>,
            answer: |instance| O::answer(&O::call(instance)),
        }
    }

    /// The answer for one instance, as front ends show it.
    pub fn answer(&self, instance: &I) -> Answer {
        (self.answer)(instance)
    }

    /// Answers every instance and returns the checksum of the answers: the unit the timers
    /// measure. Each [`Operation::call`] passes its arguments through `black_box`, so every
    /// call is really made and none is folded into another.
    #[inline]
    pub fn pass(&self, instances: &[I]) -> u64 {
        (self.pass)(instances)
    }

    /// Checks the answer for one instance against the oracle's.
    pub fn check(&self, instance: &I) -> Result<(), Disagreement> {
        self.check_at(0, instance)
    }

    /// Checks every instance, naming the first that disagrees.
    pub fn check_all(&self, instances: &[I]) -> Result<(), Disagreement> {
        instances
            .iter()
            .enumerate()
            .try_for_each(|(index, instance)| self.check_at(index, instance))
    }

    fn check_at(&self, index: usize, instance: &I) -> Result<(), Disagreement> {
        match (self.check)(instance) {
            None => Ok(()),
            Some((expected, got)) => Err(Disagreement {
                operation: self.operation,
                strategy: self.strategy.clone(),
                index,
                instance: format!("{instance:?}"),
                expected,
                got,
            }),
        }
    }
}

/// Checks `instance` with every kernel of `operation` in `kernels`, naming the first
/// disagreement. (A quickcheck property can return this `Result` directly.)
pub fn check_operation<I: fmt::Debug + 'static>(
    kernels: &[Kernel<I>],
    operation: &str,
    instance: &I,
) -> Result<(), Disagreement> {
    kernels
        .iter()
        .filter(|kernel| kernel.operation == operation)
        .try_for_each(|kernel| kernel.check(instance))
}

/// The distinct operations of `kernels`, each once, in first-seen order. For a game's
/// `kernels()` (see [`kernels!`](crate::kernels!)) that is the order its operations are
/// listed in. The benches and `bitgames compare` iterate this rather than naming operations,
/// so registering an operation is all it takes to have it timed everywhere.
pub fn operations<I: 'static>(kernels: &[Kernel<I>]) -> Vec<&'static str> {
    let mut operations = Vec::new();
    for kernel in kernels {
        if !operations.contains(&kernel.operation) {
            operations.push(kernel.operation);
        }
    }
    operations
}

fn pass<I, O: Operation<I>>(instances: &[I]) -> u64 {
    instances
        .iter()
        .fold(0, |acc, instance| acc ^ O::checksum(O::call(instance)))
}

fn check<I, O, Oracle>(instance: &I) -> Option<(String, String)>
where
    O: Operation<I>,
    Oracle: Operation<I, Output = O::Output>,
{
    let (got, expected) = (O::call(instance), Oracle::call(instance));
    (got != expected).then(|| (format!("{expected:?}"), format!("{got:?}")))
}

/// Declares an [`Operation`] generic over a game's strategies: a zero-sized
/// `Name<S>` whose `call`, `checksum` and `answer` are the given closures' bodies. The
/// strategy label is `S::NAME` unless `label = ...` names another.
///
/// ```ignore
/// bitgames_bitboard::operation! {
///     /// The legal moves of the side to move.
///     LegalMoves<S: Kernels>(KernelInstance) -> u64 = "legal_moves",
///     call |i| S::legal_moves(i.player, i.opponent),
///     checksum |moves| moves,
///     answer |moves| Answer::set(Bitboard::from_bits_truncate(*moves)),
/// }
/// ```
#[macro_export]
macro_rules! operation {
    (
        $(#[$attr:meta])*
        $name:ident<S: $bound:ident>($instance:ty) -> $output:ty = $op:literal,
        call |$i:ident| $call:expr,
        checksum |$o:ident| $checksum:expr,
        answer |$a:ident| $answer:expr
        $(, label = $label:expr)? $(,)?
    ) => {
        $(#[$attr])*
        #[derive(Debug)]
        pub struct $name<S>(::core::marker::PhantomData<S>);

        impl<S: $bound> $crate::harness::Operation<$instance> for $name<S> {
            const NAME: &'static str = $op;
            type Output = $output;

            fn strategy() -> ::std::string::String {
                $crate::operation!(@label S $(, $label)?)
            }

            #[inline(always)]
            fn call($i: &$instance) -> $output {
                $call
            }

            #[inline(always)]
            fn checksum($o: $output) -> u64 {
                $checksum
            }

            fn answer($a: &$output) -> $crate::harness::Answer {
                $answer
            }
        }
    };
    (@label $s:ident) => {
        <$s as $crate::Strategy>::NAME.to_owned()
    };
    (@label $s:ident, $label:expr) => {
        $label
    };
}

/// Declares `pub fn kernels() -> Vec<Kernel<Instance>>`: every listed operation for every
/// strategy of the game (in `for_each_strategy` order), each checked against the same
/// operation of the oracle strategy. Invoke it in the game crate, beside the operations.
///
/// ```ignore
/// bitgames_bitboard::kernels! {
///     instance KernelInstance; strategies Kernels; oracle Naive;
///     LegalMoves, Flips,
/// }
/// ```
#[macro_export]
macro_rules! kernels {
    (
        instance $instance:ty; strategies $bound:ident; oracle $oracle:ty;
        $($op:ident),+ $(,)?
    ) => {
        /// Every (operation, strategy) pair of the game for the shared harness, operations
        /// in the listed order within each strategy, strategies in `for_each_strategy`
        /// order; each checked against the naive oracle.
        pub fn kernels() -> ::std::vec::Vec<$crate::harness::Kernel<$instance>> {
            struct Collect(::std::vec::Vec<$crate::harness::Kernel<$instance>>);
            impl StrategyVisitor for Collect {
                fn visit<S: $bound>(&mut self) {
                    $(
                        self.0.push($crate::harness::Kernel::new::<$op<S>, $op<$oracle>>());
                    )+
                }
            }
            let mut collect = Collect(::std::vec::Vec::new());
            for_each_strategy(&mut collect);
            collect.0
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Double;
    struct Shifted;
    struct Wrong;

    impl Operation<u32> for Double {
        const NAME: &'static str = "double";
        type Output = u32;
        fn strategy() -> String {
            "naive".to_owned()
        }
        fn call(x: &u32) -> u32 {
            x.wrapping_mul(2)
        }
        fn checksum(output: u32) -> u64 {
            output.into()
        }
        fn answer(output: &u32) -> Answer {
            Answer::Count((*output).into())
        }
    }

    impl Operation<u32> for Shifted {
        const NAME: &'static str = "double";
        type Output = u32;
        fn strategy() -> String {
            "shift".to_owned()
        }
        fn call(x: &u32) -> u32 {
            x << 1
        }
        fn checksum(output: u32) -> u64 {
            output.into()
        }
        fn answer(output: &u32) -> Answer {
            Answer::Count((*output).into())
        }
    }

    impl Operation<u32> for Wrong {
        const NAME: &'static str = "double";
        type Output = u32;
        fn strategy() -> String {
            "wrong".to_owned()
        }
        fn call(x: &u32) -> u32 {
            if *x == 7 { 15 } else { x << 1 }
        }
        fn checksum(output: u32) -> u64 {
            output.into()
        }
        fn answer(output: &u32) -> Answer {
            Answer::Count((*output).into())
        }
    }

    #[test]
    fn agreeing_kernels_pass_and_the_first_disagreement_is_named() {
        let instances: Vec<u32> = (0..10).collect();
        let good = Kernel::new::<Shifted, Double>();
        assert_eq!(good.check_all(&instances), Ok(()));
        // 0 ^ 2 ^ 4 ^ ... ^ 18 by hand: pairs (0,2)->2, (4,6)->2, (8,10)->2, (12,14)->2 and
        // (16,18)->2 leave five 2s, which XOR to 2.
        assert_eq!(good.pass(&instances), 2);
        let bad = Kernel::new::<Wrong, Double>();
        let err = bad.check_all(&instances).unwrap_err();
        assert_eq!(
            (err.index, err.expected.as_str(), err.got.as_str()),
            (7, "14", "15")
        );
        assert_eq!(
            err.to_string(),
            "strategy wrong disagrees with naive on double at instance 7 (7): expected 14, got 15"
        );
        assert_eq!(good.answer(&7), Answer::Count(14));
        assert_eq!(bad.answer(&7), Answer::Count(15));
    }

    #[test]
    fn operations_are_listed_once_in_first_seen_order() {
        let named = |operation| {
            let mut kernel = Kernel::new::<Double, Double>();
            kernel.operation = operation;
            kernel
        };
        let kernels = [
            named("double"),
            named("halve"),
            Kernel::new::<Shifted, Double>(),
            named("halve"),
            named("square"),
        ];
        assert_eq!(operations(&kernels), ["double", "halve", "square"]);
        assert_eq!(operations::<u32>(&[]), Vec::<&str>::new());
    }

    #[test]
    fn answers_name_their_squares_in_bit_order() {
        use crate::{Bitboard, Othello};
        // Bits 0, 2 and 63: a1, c1 and h8 (a1 the top-left, row by row).
        let set = Bitboard::<Othello>::from_bits_truncate(1 | 1 << 2 | 1 << 63);
        assert_eq!(
            Answer::set(set),
            Answer::Layers(vec![vec!["a1".into(), "c1".into(), "h8".into()]])
        );
        let layers = [
            Bitboard::<Othello>::from_bits_truncate(1 << 8),
            Bitboard::EMPTY,
        ];
        assert_eq!(
            Answer::layers(layers),
            Answer::Layers(vec![vec!["a2".into()], vec![]])
        );
    }
}
