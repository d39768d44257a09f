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
}

/// One (operation, strategy) pair, with the oracle it is checked against.
pub struct Kernel<I: 'static> {
    /// The operation's name ([`Operation::NAME`]).
    pub operation: &'static str,
    /// The strategy's label ([`Operation::strategy`]).
    pub strategy: String,
    pass: fn(&[I]) -> u64,
    check: fn(&I) -> Option<(String, String)>,
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
        }
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
/// `Name<S>` whose `call` and `checksum` are the given closures' bodies. The strategy label
/// is `S::NAME` unless `label = ...` names another.
///
/// ```ignore
/// bitgames_bitboard::operation! {
///     /// The legal moves of the side to move.
///     LegalMoves<S: Kernels>(KernelInstance) -> u64 = "legal_moves",
///     call |i| S::legal_moves(i.player, i.opponent),
///     checksum |moves| moves,
/// }
/// ```
#[macro_export]
macro_rules! operation {
    (
        $(#[$attr:meta])*
        $name:ident<S: $bound:ident>($instance:ty) -> $output:ty = $op:literal,
        call |$i:ident| $call:expr,
        checksum |$o:ident| $checksum:expr
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
    }
}
