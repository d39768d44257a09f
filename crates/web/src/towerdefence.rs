//! The Tower Defence replay page's API: an official game directory read by the towerdefence
//! crate's own replay reader, or the bundled official game ([`sample`]), turned into what
//! the page draws round by round.

use std::path::Path;

use bitgames::towerdefence::replay::{RecordedRound, read_game_dir};
use bitgames::towerdefence::{Command, Game, Player, State};
use serde::{Deserialize, Serialize};

use crate::ApiError;

/// `POST /api/towerdefence/replay`: the game directory to open.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplayRequest {
    /// A directory of `Round NNN` folders, each with its `state.json` (on the server's
    /// machine, which is the user's own: the server listens on loopback).
    pub dir: String,
}

/// One round as the page draws it.
#[derive(Debug, Clone, Serialize)]
pub struct Round {
    /// The round number.
    pub round: u32,
    /// A's and B's commands played in this round (`x,y,type` in each player's own frame;
    /// empty for nothing), absent for the last round.
    pub commands: Option<[String; 2]>,
    /// A's then B's numbers.
    pub players: [Numbers; 2],
    /// Every building on the 16x8 map.
    pub buildings: Vec<Building>,
    /// Every cell with missiles.
    pub missiles: Vec<Missiles>,
}

/// A player's numbers before a round.
#[derive(Debug, Clone, Serialize)]
pub struct Numbers {
    /// Energy in hand.
    pub energy: i32,
    /// Base health.
    pub health: i32,
    /// Score so far.
    pub score: i32,
    /// Whether the iron curtain can be bought.
    pub iron_curtain_available: bool,
    /// Rounds the active iron curtain has left.
    pub active_iron_curtain_lifetime: i32,
}

/// A building on the map (map coordinates: x 0..16, A's half x < 8; y 0..8 from the top).
#[derive(Debug, Clone, Serialize)]
pub struct Building {
    /// Column on the map.
    pub x: u8,
    /// Row on the map.
    pub y: u8,
    /// `A` or `B`.
    pub owner: &'static str,
    /// `defence`, `attack`, `energy` or `tesla`.
    pub kind: String,
    /// Health left.
    pub health: i32,
    /// Rounds until built (0: standing).
    pub construction_time_left: i32,
}

/// Missiles of one player on one cell.
#[derive(Debug, Clone, Serialize)]
pub struct Missiles {
    /// Column on the map.
    pub x: u8,
    /// Row on the map.
    pub y: u8,
    /// `A` or `B`.
    pub owner: &'static str,
    /// How many.
    pub count: u8,
}

const WIDTH: u8 = 16;
const HEIGHT: u8 = 8;

fn owner(player: Player) -> &'static str {
    match player {
        Player::A => "A",
        Player::B => "B",
    }
}

fn round(recorded: &RecordedRound) -> Round {
    let state: &State = &recorded.state;
    let numbers = |player: Player| {
        let p = state.player(player);
        Numbers {
            energy: p.energy,
            health: p.health,
            score: p.score,
            iron_curtain_available: p.iron_curtain_available,
            active_iron_curtain_lifetime: p.active_iron_curtain_lifetime,
        }
    };
    let buildings = state
        .buildings()
        .map(|(x, y, b)| Building {
            x,
            y,
            owner: if x < WIDTH / 2 { "A" } else { "B" },
            kind: format!("{:?}", b.kind).to_lowercase(),
            health: b.health,
            construction_time_left: b.construction_time_left,
        })
        .collect();
    let mut missiles = Vec::new();
    for y in 0..HEIGHT {
        for x in 0..WIDTH {
            for player in [Player::A, Player::B] {
                let count = state.missiles(x, y, player);
                if count > 0 {
                    missiles.push(Missiles {
                        x,
                        y,
                        owner: owner(player),
                        count,
                    });
                }
            }
        }
    }
    Round {
        round: recorded.round,
        commands: recorded
            .commands
            .as_ref()
            .map(|[a, b]| [a.to_string(), b.to_string()]),
        players: [numbers(Player::A), numbers(Player::B)],
        buildings,
        missiles,
    }
}

/// Every round of the game in `request.dir`, in order.
pub fn replay(request: &ReplayRequest) -> Result<Vec<Round>, ApiError> {
    let dir = Path::new(&request.dir);
    if !dir.is_dir() {
        return Err(ApiError::NotFound(format!(
            "{:?} is not a directory on the server's machine",
            request.dir
        )));
    }
    let rounds = read_game_dir(dir).map_err(|err| {
        ApiError::BadRequest(format!("cannot read the game in {:?}: {err}", request.dir))
    })?;
    if rounds.is_empty() {
        return Err(ApiError::BadRequest(format!(
            "{:?} has no `Round NNN` folders",
            request.dir
        )));
    }
    Ok(rounds.iter().map(round).collect())
}

/// The bundled game's name: an official engine game of the towerdefence crate's test data.
pub const SAMPLE_NAME: &str = "v300_iron_curtain_with_teslas (official engine v3.0.2)";

/// The bundled game: each round's commands from the start (`data/towerdefence-sample.txt`).
const SAMPLE: &str = include_str!("../data/towerdefence-sample.txt");

/// `GET /api/towerdefence/sample`: every round of the bundled official game
/// ([`SAMPLE_NAME`]), so the replay page shows a game with no directory to open (and the
/// static site, which has no disk to read, shows one at all). The game is kept as its
/// commands and simulated from the start: the strategies reproduce the official engine's
/// states exactly (the crate's test checks each round against the recorded `state.json`).
pub fn sample() -> Result<Vec<Round>, ApiError> {
    let mut game: Game = Game::from_state(&State::start());
    let mut rounds = Vec::new();
    for line in SAMPLE.lines().filter(|line| !line.starts_with('#')) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let bad = || ApiError::Internal(format!("the bundled replay's line {line:?}"));
        let [number, a, b] = fields[..] else {
            return Err(bad());
        };
        if number.parse::<u32>().ok() != Some(game.round_number()) {
            return Err(bad());
        }
        let command = |text: &str| match text {
            "-" => Ok(Command::Nothing),
            text => text.parse::<Command>().map_err(|_| bad()),
        };
        let commands = [command(a)?, command(b)?];
        let state = game.state();
        rounds.push(RecordedRound {
            round: state.round(),
            state,
            commands: Some(commands),
        });
        game.round(commands);
    }
    let state = game.state();
    rounds.push(RecordedRound {
        round: state.round(),
        state,
        commands: None,
    });
    Ok(rounds.iter().map(round).collect())
}
