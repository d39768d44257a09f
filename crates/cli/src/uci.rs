//! `bitgames uci GAME`: one of our engines served over the UCI-style protocol that
//! `bitgames match` speaks to `uci:` engines (`bitgames::player`'s `uci` module documents the
//! client side), on stdin and stdout. Any build can so be seated against any other
//! (`--b "uci:/path/to/old/bitgames uci othello"`): an engine change is measured by a match
//! against the build before it, at equal time.
//!
//! | sent | answered |
//! |---|---|
//! | `uci` | `id name bitgames <engine>`, `id author bitgames`, `uciok` |
//! | `isready` | `readyok` |
//! | `ucinewgame` | nothing: a new game (the engine forgets what it kept) |
//! | `position startpos [moves M ...]`, `position fen TEXT [moves M ...]` | nothing; a bad position or move answers `info string error: ...` and leaves no position |
//! | `go [movetime MS]` | `bestmove M` (`bestmove (none)` with an `info string` when there is no position or the game is over); 1,000 ms without `movetime` |
//! | `quit` | exits |
//!
//! Moves are the game's notation (`bitgames moves`), TEXT the position string. Other lines
//! are reported on stderr and ignored.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use anyhow::Result;
use bitgames::player::{BoardEngine, Clock, EngineSpec, GameSoFar, start_board_engine};
use bitgames::search::engine::EngineKind;
use bitgames::{AnyMove, AnyPosition, GameName};

#[derive(Debug, clap::Args)]
pub struct UciArgs {
    game: GameName,
    /// Which of our engines answers: random, alphabeta or mcts.
    #[arg(long, default_value = "alphabeta")]
    engine: EngineKind,
    /// Kernel strategy (default: the fastest).
    #[arg(long)]
    strategy: Option<String>,
    /// Seed for the random mover and MCTS.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// The game as the last `position` command set it.
struct Game {
    root: AnyPosition,
    moves: Vec<AnyMove>,
    position: AnyPosition,
}

pub fn run(args: &UciArgs) -> Result<()> {
    // A bad game or strategy fails here, before the protocol starts.
    let start = AnyPosition::start(args.game)?;
    let spec = EngineSpec::Ours(args.engine);
    let new_engine = |root: &AnyPosition| -> Result<Box<dyn BoardEngine>> {
        start_board_engine(
            &spec,
            root,
            args.strategy.as_deref(),
            args.seed,
            Clock::default(),
        )?
        .map_err(|fault| anyhow::anyhow!("{fault}"))
    };
    let mut engine = new_engine(&start)?;
    let mut engine_root = start;
    let mut game: Option<Game> = None;
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            None => {}
            Some("uci") => {
                writeln!(out, "id name bitgames {}", args.engine)?;
                writeln!(out, "id author bitgames")?;
                writeln!(out, "uciok")?;
            }
            Some("isready") => writeln!(out, "readyok")?,
            Some("ucinewgame") => {
                engine = new_engine(&engine_root)?;
                game = None;
            }
            Some("position") => {
                game = match parse_position(args.game, line.trim_start()["position".len()..].trim())
                {
                    Ok(parsed) => Some(parsed),
                    Err(err) => {
                        writeln!(out, "info string error: {err}")?;
                        None
                    }
                };
                if let Some(g) = &game
                    && g.root != engine_root
                {
                    engine_root = g.root;
                    engine = new_engine(&engine_root)?;
                }
            }
            Some("go") => {
                let time = match words.iter().position(|&w| w == "movetime") {
                    Some(i) => match words.get(i + 1).and_then(|ms| ms.parse::<u64>().ok()) {
                        Some(ms) => Duration::from_millis(ms.max(1)),
                        None => {
                            writeln!(out, "info string error: movetime needs milliseconds")?;
                            writeln!(out, "bestmove (none)")?;
                            out.flush()?;
                            continue;
                        }
                    },
                    None => Duration::from_secs(1),
                };
                let answer = match &game {
                    None => Err("no position".to_owned()),
                    Some(g) if g.position.outcome().is_over() => Err("the game is over".to_owned()),
                    Some(g) => engine
                        .choose(
                            &GameSoFar {
                                root: g.root,
                                moves: &g.moves,
                                position: g.position,
                            },
                            time,
                        )
                        .map_err(|fault| fault.to_string()),
                };
                match answer {
                    Ok(mv) => writeln!(out, "bestmove {mv}")?,
                    Err(why) => {
                        writeln!(out, "info string error: {why}")?;
                        writeln!(out, "bestmove (none)")?;
                    }
                }
            }
            Some("quit") => break,
            Some(other) => eprintln!("bitgames uci: unknown command {other:?} ignored"),
        }
        out.flush()?;
    }
    Ok(())
}

/// `startpos [moves ...]` or `fen TEXT [moves ...]`, each move checked by the rules.
fn parse_position(game: GameName, text: &str) -> Result<Game, String> {
    let (root_text, moves_text) = match text.split_once(" moves") {
        Some((root, moves)) => (root.trim(), moves),
        None if text.ends_with("moves") => (text.trim_end_matches("moves").trim(), ""),
        None => (text.trim(), ""),
    };
    let root = if root_text == "startpos" {
        AnyPosition::start(game).map_err(|e| e.to_string())?
    } else if let Some(fen) = root_text.strip_prefix("fen ") {
        AnyPosition::parse(game, fen.trim()).map_err(|e| e.to_string())?
    } else {
        return Err(format!(
            "expected `position startpos` or `position fen TEXT`, not {root_text:?}"
        ));
    };
    let mut position = root;
    let mut moves = Vec::new();
    for text in moves_text.split_whitespace() {
        let mv = position.parse_move(text).map_err(|e| e.to_string())?;
        position = position.play(mv).map_err(|e| e.to_string())?;
        moves.push(mv);
    }
    Ok(Game {
        root,
        moves,
        position,
    })
}
