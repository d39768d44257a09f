//! The vocabulary shared by every implementation strategy of every game.
//!
//! Each game declares its hot operations in one trait (for example Othello's `Kernels`) and
//! implements it for several zero-sized strategy types, each declared with [`strategy!`] in
//! its own module (a plain `mod naive;` item, so `cargo fmt` formats it). The game's kernels
//! module then lists the types once with [`strategies!`], which generates the game's
//! `StrategyId` enum (a strategy as a value: parsed from its name, dispatched with a
//! `match`, the door from a run-time choice to the type) and the visitor that tests, benches
//! and `bitgames compare` enumerate: adding a strategy is its new file, its `mod` and
//! `pub use` lines, and one line in that list.

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

/// A game position with another strategy: `with_strategy!(self => Position { a, b })` copies
/// `self`'s fields `a` and `b` into a new `Position` whose `strategy` marker names the strategy the caller's type asks for.
/// Each game's `Position<S>` is its fields plus `strategy: PhantomData<S>`, and struct update
/// syntax (`..*self`) cannot change a type parameter, so each `with_strategy` would list its
/// fields again; this names them once, in the call.
///
/// ```
/// use core::marker::PhantomData;
///
/// #[derive(Debug, Clone, Copy, PartialEq)]
/// struct Board<S> {
///     stones: u64,
///     hash: u64,
///     strategy: PhantomData<S>,
/// }
///
/// impl<S> Board<S> {
///     fn with_strategy<T>(&self) -> Board<T> {
///         bitgames_bitboard::with_strategy!(self => Board { stones, hash })
///     }
/// }
///
/// let board = Board::<u8> { stones: 5, hash: 9, strategy: PhantomData };
/// let other: Board<u16> = board.with_strategy();
/// assert_eq!((other.stones, other.hash), (5, 9));
/// ```
#[macro_export]
macro_rules! with_strategy {
    ($from:expr => $position:ident { $($field:ident),+ $(,)? }) => {
        $position {
            $($field: $from.$field,)+
            strategy: ::core::marker::PhantomData,
        }
    };
}

/// A strategy name that is none of a game's strategies in this build: what each game's
/// `StrategyId::from_str` refuses, with the names it would take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownStrategy {
    /// The game, as its crate names it (`othello`).
    pub game: &'static str,
    /// The name given.
    pub name: String,
    /// Every strategy compiled into this build, in the game's order (the oracle first).
    pub choices: Vec<&'static str>,
}

impl fmt::Display for UnknownStrategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} strategy {:?}; choose one of: {}",
            self.game,
            self.name,
            self.choices.join(", ")
        )
    }
}

impl core::error::Error for UnknownStrategy {}

/// Lists a game's strategy types once and generates, for choosing a strategy at run time
/// and for code that runs once per strategy:
///
/// - `enum StrategyId`: one variant per strategy type compiled into this build (same
///   name), a plain `Copy` value with `StrategyId::ALL` (list order, the naive oracle
///   first), `Display` and `FromStr` (the strategy's [`Strategy::NAME`]; a bad name is an
///   [`UnknownStrategy`] listing the choices), `Default` = the `fastest` type, and
///   [`StrategyInfo`] through `info()`;
/// - `trait StrategyTask { type Output; fn run<S: Kernels>(self) -> Self::Output; }`: work
///   written once, generic over the strategy, that `StrategyId::run` dispatches to with a
///   `match` (the one place a value becomes a type);
/// - `trait StrategyVisitor { fn visit<S: Kernels>(&mut self); }` and
///   `fn for_each_strategy(&mut impl StrategyVisitor)`: something done for every strategy
///   in list order (tests, benches, the comparison harness);
/// - `fn strategies() -> Vec<StrategyInfo>`: their names, kinds and ideas, in that order;
/// - with the header's optional line `position: Position, task: path::to::Task;`,
///   `Position::run_with(&self, StrategyId, task)`: the position converted to the strategy
///   a value names (by its `Copy` and `with_strategy::<K>()`) and handed to `task`, whose
///   trait has `type Output` and `fn run(self, position) -> Self::Output` generic over the
///   position. Every game's door from a run-time strategy to its generic code is this one
///   shape, so it is written here; the task trait is the caller's, so this crate names no
///   crate it does not depend on.
///
/// The header names the game (for messages), its kernels trait (which every listed type
/// implements) and its fastest strategy. The types must be in scope where the macro is
/// invoked: each lives in its own module, declared as a plain item next to the list
/// (`mod naive;` and `pub use naive::Naive;`), so that `cargo fmt` sees the module's file.
/// A `#[cfg(...)]` before an entry lists that strategy only where the condition holds, for
/// CPU-specific strategies; give its `mod` and `pub use` the same attribute.
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
///     game: "nim";
///     kernels: Kernels;
///     fastest: Shift;
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
/// // Work chosen at run time: a name becomes a value, the value a type.
/// struct Answer;
/// impl StrategyTask for Answer {
///     type Output = (&'static str, u32);
///     fn run<S: Kernels>(self) -> Self::Output {
///         (S::NAME, S::answer())
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
///
/// let naive: StrategyId = "naive".parse().unwrap();
/// assert_eq!(naive, StrategyId::Naive);
/// assert_eq!(naive.run(Answer), ("naive", 42));
/// assert_eq!(StrategyId::default().to_string(), "shift");
/// assert_eq!(StrategyId::ALL.len(), names.len());
/// let err = "magic".parse::<StrategyId>().unwrap_err();
/// assert!(err.to_string().starts_with("unknown nim strategy \"magic\"; choose one of: naive, shift"));
/// # }
/// ```
#[macro_export]
macro_rules! strategies {
    (
        game: $game:literal;
        kernels: $kernels:ident;
        fastest: $fastest:ty;
        position: $position:ident, task: $task:path;
        $( $(#[cfg($cfg:meta)])* $strategy:ident ),+ $(,)?
    ) => {
        $crate::strategies! {
            game: $game;
            kernels: $kernels;
            fastest: $fastest;
            $( $(#[cfg($cfg)])* $strategy ),+
        }

        impl<S: $kernels> $position<S> {
            /// Runs `task` from this position converted to the kernels `strategy` names: the
            /// door from a strategy chosen at run time (a command-line flag, a web request) to
            /// code generic over the position type.
            pub fn run_with<T: $task>(&self, strategy: StrategyId, task: T) -> T::Output {
                struct On<S: $kernels, T>($position<S>, T);
                impl<S: $kernels, T: $task> StrategyTask for On<S, T> {
                    type Output = T::Output;
                    fn run<K: $kernels>(self) -> T::Output {
                        self.1.run(self.0.with_strategy::<K>())
                    }
                }
                strategy.run(On(*self, task))
            }
        }
    };
    (
        game: $game:literal;
        kernels: $kernels:ident;
        fastest: $fastest:ty;
        $( $(#[cfg($cfg:meta)])* $strategy:ident ),+ $(,)?
    ) => {
        /// One of the game's kernel strategies as a plain value, for choosing one at run
        /// time (a command-line flag, a web request): parse it from its name, print it,
        /// list them all ([`StrategyId::ALL`]), and run generic work on the strategy type
        /// it names with [`StrategyId::run`]. The default is the fastest.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum StrategyId {
            $(
                $(#[cfg($cfg)])*
                #[doc = concat!("[`", stringify!($strategy), "`].")]
                $strategy,
            )+
        }

        impl StrategyId {
            /// Every strategy compiled into this build, in list order (the naive oracle
            /// first).
            pub const ALL: &'static [StrategyId] = &[
                $( $(#[cfg($cfg)])* StrategyId::$strategy, )+
            ];

            /// The strategy's name, as the command line, the benches and reports write it.
            pub fn name(self) -> &'static str {
                self.info().name
            }

            /// The strategy's name, kind and idea.
            pub fn info(self) -> $crate::StrategyInfo {
                match self {
                    $(
                        $(#[cfg($cfg)])*
                        StrategyId::$strategy => <$strategy as $crate::Strategy>::info(),
                    )+
                }
            }

            /// Runs `task` on the strategy type this value names.
            #[inline]
            pub fn run<T: StrategyTask>(self, task: T) -> T::Output {
                match self {
                    $(
                        $(#[cfg($cfg)])*
                        StrategyId::$strategy => task.run::<$strategy>(),
                    )+
                }
            }
        }

        impl ::core::default::Default for StrategyId {
            /// The fastest strategy, the one positions use unless told otherwise.
            fn default() -> Self {
                /// The value of each listed strategy type, so that the fastest type
                /// (a `cfg`-chosen alias) gives its value without comparing names.
                trait Listed {
                    const ID: StrategyId;
                }
                $(
                    $(#[cfg($cfg)])*
                    impl Listed for $strategy {
                        const ID: StrategyId = StrategyId::$strategy;
                    }
                )+
                <$fastest as Listed>::ID
            }
        }

        impl ::core::fmt::Display for StrategyId {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::core::str::FromStr for StrategyId {
            type Err = $crate::UnknownStrategy;

            fn from_str(name: &str) -> ::core::result::Result<Self, Self::Err> {
                StrategyId::ALL
                    .iter()
                    .copied()
                    .find(|id| id.name() == name)
                    .ok_or_else(|| $crate::UnknownStrategy {
                        game: $game,
                        name: name.to_owned(),
                        choices: StrategyId::ALL.iter().map(|id| id.name()).collect(),
                    })
            }
        }

        /// Work written once, generic over the kernel strategy, for
        /// [`StrategyId::run`] to run on the strategy a value names.
        pub trait StrategyTask {
            /// What the work returns.
            type Output;

            /// Does the work with the strategy `S`.
            fn run<S: $kernels>(self) -> Self::Output;
        }

        /// Something done once per strategy, generic over it (tests, benches, the
        /// comparison harness). Used with [`for_each_strategy`].
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

        /// Every strategy's name, kind and idea, in [`StrategyId::ALL`] order.
        pub fn strategies() -> ::std::vec::Vec<$crate::StrategyInfo> {
            StrategyId::ALL.iter().map(|id| id.info()).collect()
        }
    };
}
