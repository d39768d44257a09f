//! bitgames-arena: one place for engines and matches.
//!
//! - [`player`]: engines as values, ours and external programs (GTP, NBoard, a UCI-style
//!   protocol, a line protocol, Entelect bot directories) behind one interface, with the
//!   protocol clients and the process handling that keeps a hostile program from hanging or
//!   flooding a match;
//! - [`server`]: our engines behind the NBoard and UCI-style protocols (`bitgames nboard`,
//!   `bitgames uci`), as sessions a front end or a fuzz target drives line by line;
//! - [`referee`]: the one referee loop, which judges every move, kills engines that overrun,
//!   records forfeits and scores a match (`bitgames match`).
//!
//! The games themselves, the registry ([`bitgames::AnyPosition`]) and the search come from
//! the `bitgames` crate, which this one builds on (and which does not depend on this one).
//!
//! ```
//! use bitgames::{AnyPosition, GameName};
//! use bitgames_arena::player::EngineSpec;
//! use bitgames_arena::referee::{MatchConfig, play_board_game};
//!
//! let config = MatchConfig {
//!     a: "random".parse::<EngineSpec>()?,
//!     b: "alphabeta".parse()?,
//!     strategies: [None, None],
//!     clock: Default::default(),
//!     seed: 1,
//!     opening_plies: 4,
//! };
//! let game = play_board_game(AnyPosition::start(GameName::Othello)?, &config, 0)?;
//! assert!(game.outcome.is_over());
//! assert!(game.forfeit.is_none());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod player;
pub mod referee;
pub mod server;

// The paths the moved modules name (`crate::othello`, `crate::AnyPosition`, ...).
use bitgames::{AnyMove, AnyPosition, Error, GameName, othello, search, towerdefence};
