//! The vocabulary shared by every implementation strategy of every game.
//!
//! Each game declares its hot operations in one trait (for example Othello's `Kernels`) and
//! implements it for several zero-sized strategy types, each declared with [`strategy!`] in
//! its own module (a plain `mod naive;` item, so `cargo fmt` formats it). The game's kernels
//! module then lists the types once with [`strategies!`], which generates the visitor that
//! tests, benches, `bitgames compare` and the run-time choice of strategy
//! (`bitgames::AnyPosition::run`) all enumerate: adding a strategy is its new file, its
//! `mod` and `pub use` lines, and one line in that list.

use core::fmt;

/// The family of technique a strategy uses, so reports can group like with like.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StrategyKind {
    /// The obvious array-and-loop code, written for clarity: the oracle the others must match.
    Naive,
    /// One-square shifts under per-direction edge masks, repeated to a fixed point
    /// (dumb7fill style).
    Shift,
    /// Kogge-Stone parallel-prefix fills: doubling shifts, logarithmic in the ray length.
    KoggeStone,
    /// Galloping fills: strides of two over smeared walls, then one decelerating step.
    Galloping,
    /// Lookups in precomputed tables (neighbourhoods, line segments, flip tables).
    Table,
    /// Table lookups indexed by BMI2 PEXT/PDEP gathers.
    Pext,
    /// SIMD lanes (one direction a lane).
    Simd,
    /// Whole-field bitwise simulation (bit-parallel cellular updates).
    Bitwise,
    /// One family for one operation and another for the other, chosen by measurement.
    Hybrid,
}

impl fmt::Display for StrategyKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StrategyKind::Naive => "naive",
            StrategyKind::Shift => "shift",
            StrategyKind::KoggeStone => "kogge-stone",
            StrategyKind::Galloping => "galloping",
            StrategyKind::Table => "table",
            StrategyKind::Pext => "pext",
            StrategyKind::Simd => "simd",
            StrategyKind::Bitwise => "bitwise",
            StrategyKind::Hybrid => "hybrid",
        })
    }
}

/// A named implementation strategy (a zero-sized type). Declare one with [`strategy!`](crate::strategy!).
pub trait Strategy:
    Copy + Default + Eq + core::hash::Hash + fmt::Debug + Send + Sync + 'static
{
    /// Lower-case identifier used on the command line, in bench ids and reports.
    const NAME: &'static str;
    /// The family of technique.
    const KIND: StrategyKind;
    /// One line: what idea this strategy tests.
    const IDEA: &'static str;

    /// The strategy's description as a value.
    fn info() -> StrategyInfo {
        StrategyInfo {
            name: Self::NAME,
            kind: Self::KIND,
            idea: Self::IDEA,
        }
    }
}

/// A strategy's description as a value, for listing strategies at run time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StrategyInfo {
    /// See [`Strategy::NAME`].
    pub name: &'static str,
    /// See [`Strategy::KIND`].
    pub kind: StrategyKind,
    /// See [`Strategy::IDEA`].
    pub idea: &'static str,
}

impl fmt::Display for StrategyInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}): {}", self.name, self.kind, self.idea)
    }
}

/// Declares a strategy: the zero-sized type with its derives and its [`Strategy`] impl.
///
/// ```
/// bitgames_bitboard::strategy! {
///     /// Walks each ray one square at a time.
///     pub struct Walk: Naive, "walk", "one square at a time";
/// }
/// use bitgames_bitboard::Strategy;
/// assert_eq!(Walk::NAME, "walk");
/// ```
#[macro_export]
macro_rules! strategy {
    ($(#[$attr:meta])* pub struct $name:ident: $kind:ident, $id:literal, $idea:literal;) => {
        $(#[$attr])*
        #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
        pub struct $name;

        impl $crate::Strategy for $name {
            const NAME: &'static str = $id;
            const KIND: $crate::StrategyKind = $crate::StrategyKind::$kind;
            const IDEA: &'static str = $idea;
        }
    };
}

/// Lists a game's strategy types once and generates
///
/// - `trait StrategyVisitor { fn visit<S: Kernels>(&mut self); }`: something done once per
///   strategy, generic over it (tests, benches, the comparison harness, dispatch);
/// - `fn for_each_strategy(&mut impl StrategyVisitor)`: visits every strategy compiled into
///   this build, in list order (the naive oracle first);
/// - `fn strategies() -> Vec<StrategyInfo>`: their names, kinds and ideas, in that order.
///
/// The first line names the game's kernels trait, which every listed type implements. The
/// types must be in scope where the macro is invoked: each lives in its own module, declared
/// as a plain item next to the list (`mod naive;` and `pub use naive::Naive;`), so that
/// `cargo fmt` sees the module's file. A `#[cfg(...)]` before an entry visits that strategy
/// only where the condition holds, for CPU-specific strategies; give its `mod` and `pub use`
/// the same attribute.
///
/// ```
/// use bitgames_bitboard::Strategy;
///
/// /// The game's hot operations.
/// pub trait Kernels: Strategy {
///     fn answer() -> u32;
/// }
///
/// // In a game these modules are files: `mod naive;`, `mod shift;`, `mod avx512;`.
/// mod naive {
///     bitgames_bitboard::strategy! {
///         /// The oracle.
///         pub struct Naive: Naive, "naive", "the obvious loop";
///     }
///     impl super::Kernels for Naive {
///         fn answer() -> u32 { (0..7).map(|_| 6).sum() }
///     }
/// }
/// mod shift {
///     bitgames_bitboard::strategy! {
///         /// A shift.
///         pub struct Shift: Shift, "shift", "one shift";
///     }
///     impl super::Kernels for Shift {
///         fn answer() -> u32 { 21 << 1 }
///     }
/// }
/// #[cfg(all(target_arch = "x86_64", target_feature = "avx512f"))]
/// mod avx512 {
///     bitgames_bitboard::strategy! {
///         /// SIMD lanes.
///         pub struct Avx512: Simd, "avx512", "eight lanes";
///     }
///     impl super::Kernels for Avx512 {
///         fn answer() -> u32 { 42 }
///     }
/// }
///
/// pub use naive::Naive;
/// pub use shift::Shift;
/// #[cfg(all(target_arch = "x86_64", target_feature = "avx512f"))]
/// pub use avx512::Avx512;
///
/// bitgames_bitboard::strategies! {
///     kernels: Kernels;
///     Naive,
///     Shift,
///     #[cfg(all(target_arch = "x86_64", target_feature = "avx512f"))]
///     Avx512,
/// }
///
/// struct Answers(Vec<u32>);
/// impl StrategyVisitor for Answers {
///     fn visit<S: Kernels>(&mut self) {
///         self.0.push(S::answer());
///     }
/// }
///
/// # fn main() {
/// let mut answers = Answers(Vec::new());
/// for_each_strategy(&mut answers);
/// let names: Vec<_> = strategies().iter().map(|s| s.name).collect();
/// assert_eq!(names[..2], ["naive", "shift"]);
/// assert_eq!(names.len(), answers.0.len());
/// assert!(answers.0.iter().all(|&a| a == 42));
/// # }
/// ```
#[macro_export]
macro_rules! strategies {
    (
        kernels: $kernels:ident;
        $( $(#[cfg($cfg:meta)])* $strategy:ident ),+ $(,)?
    ) => {
        /// Something done once per strategy, generic over it (tests, benches, the
        /// comparison harness, run-time dispatch). Used with [`for_each_strategy`].
        pub trait StrategyVisitor {
            /// Called once with each strategy.
            fn visit<S: $kernels>(&mut self);
        }

        /// Calls `visitor` with every strategy compiled into this build, in the order of
        /// the kernels module's list (the naive oracle first).
        pub fn for_each_strategy<V: StrategyVisitor + ?Sized>(visitor: &mut V) {
            $(
                $(#[cfg($cfg)])*
                visitor.visit::<$strategy>();
            )+
        }

        /// Every strategy's name, kind and idea, in [`for_each_strategy`] order.
        pub fn strategies() -> ::std::vec::Vec<$crate::StrategyInfo> {
            struct Collect(::std::vec::Vec<$crate::StrategyInfo>);
            impl StrategyVisitor for Collect {
                fn visit<S: $kernels>(&mut self) {
                    self.0.push(<S as $crate::Strategy>::info());
                }
            }
            let mut collect = Collect(::std::vec::Vec::new());
            for_each_strategy(&mut collect);
            collect.0
        }
    };
}
