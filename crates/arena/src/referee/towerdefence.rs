//! Refereed Tower Defence games: both players' commands each round, checked against the
//! valid commands of the state, then the round played by our (official-exact) simulation.
//!
//! Engines: `random` (uniformly random valid commands), `alphabeta` or `mcts` (our Monte
//! Carlo bot, one thread, the time a round as its budget, as `bitgames play towerdefence`
//! runs it) and `entelect:<bot directory>` ([`EntelectBot`]). Every game starts from the
//! start state (the map is symmetric, so it is balanced) and engine A plays player A in
//! even games and player B in odd ones.
//!
//! A command that is not valid in the state (an occupied cell, too little energy, a third
//! tesla) is an illegal move and forfeits the game, although the official engine would
//! treat it as doing nothing: the referee judges, and a bot that sends one has a bug.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde_json::json;

use super::{Forfeit, MatchConfig, Side, Thinking};
use crate::player::{Clock, EngineSpec, EntelectBot, Fault, Interrupt, MAX_QUOTED, shorten};
use crate::search::engine::EngineKind;
use crate::towerdefence::bot::{self, BotConfig, Budget};
use crate::towerdefence::{Command, Fastest, Game, Outcome, Player};

/// One refereed Tower Defence game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TowerDefenceGame {
    /// Its number in the match, from 0.
    pub index: u64,
    /// Engine A's and B's names (their specs).
    pub names: [String; 2],
    /// The player engine A plays.
    pub a_player: Player,
    /// Each round's commands, player A's then B's, each in its own frame.
    pub commands: Vec<[Command; 2]>,
    /// Who won (a forfeit is a win for the other player); `Tie` for a tie.
    pub outcome: Outcome,
    /// Player A's then B's score and health at the end.
    pub score: [i32; 2],
    /// Player A's then B's health at the end.
    pub health: [i32; 2],
    /// The forfeit that ended it, if one did.
    pub forfeit: Option<Forfeit>,
    /// Engine A's and B's time to choose a round's command (a random player's too).
    pub thinking: [Thinking; 2],
}

impl TowerDefenceGame {
    /// The engine that won, if one did.
    pub fn winner(&self) -> Option<Side> {
        match self.outcome {
            Outcome::Win(player) if player == self.a_player => Some(Side::A),
            Outcome::Win(_) => Some(Side::B),
            Outcome::Tie => None,
        }
    }

    /// The game as one JSON line: `game`, `a`, `b`, `a_player` (`A` or `B`), `rounds`,
    /// `commands` (per round `[A's, B's]`, `x,y,t` in each player's frame, `""` for
    /// nothing), `result` (`A`, `B` or `tie`), `score`, `health` (A's then B's) and
    /// `forfeit` (`null` or `{"player", "reason"}`).
    pub fn record(&self) -> String {
        let result = match self.outcome {
            Outcome::Win(player) => player.letter().to_string(),
            Outcome::Tie => "tie".to_owned(),
        };
        json!({
            "game": self.index,
            "name": "towerdefence",
            "a": self.names[0],
            "b": self.names[1],
            "a_player": self.a_player.letter().to_string(),
            "rounds": self.commands.len(),
            "commands": self
                .commands
                .iter()
                .map(|c| [c[0].to_string(), c[1].to_string()])
                .collect::<Vec<_>>(),
            "result": result,
            "score": self.score,
            "health": self.health,
            "forfeit": self.forfeit.as_ref().map(|f| json!({"player": f.side.name(), "reason": f.reason})),
        })
        .to_string()
    }
}

/// Who chooses a player's commands.
enum Seat {
    Random(Xoshiro256PlusPlus),
    Bot(BotConfig),
    External(EntelectBot),
}

impl Seat {
    /// The seat of `spec` (seeded `seed`), or why it cannot play.
    fn new(spec: &EngineSpec, clock: &Clock, seed: u64) -> Result<Seat, Fault> {
        Ok(match spec {
            EngineSpec::Ours(EngineKind::Random) => {
                Seat::Random(Xoshiro256PlusPlus::seed_from_u64(seed))
            }
            EngineSpec::Ours(_) => Seat::Bot(BotConfig {
                budget: Budget::Time(clock.per_move),
                threads: 1,
                seed,
                ..BotConfig::default()
            }),
            EngineSpec::Entelect(dir) => Seat::External(EntelectBot::open(dir)?),
            other => {
                return Err(Fault::Start {
                    command: other.to_string(),
                    reason: "it does not play towerdefence".to_owned(),
                });
            }
        })
    }

    /// `player`'s command this round (an external bot is killed past `limit`), not yet
    /// checked.
    fn choose(
        &mut self,
        game: &Game<Fastest>,
        player: Player,
        limit: Duration,
        interrupt: &Interrupt,
    ) -> Result<Command, Fault> {
        match self {
            Seat::Random(rng) => Ok(game.random_command(player, rng)),
            Seat::Bot(config) => {
                let config = BotConfig {
                    seed: config.seed ^ u64::from(game.round_number()) << 20,
                    ..*config
                };
                Ok(bot::choose_command_for(&game.state(), player, &config).command)
            }
            Seat::External(bot) => bot.command_until(&game.state(), player, limit, interrupt),
        }
    }
}

/// The fault of a command the state does not allow.
fn invalid(command: Command, player: Player, round: u32) -> Fault {
    Fault::Illegal {
        mv: shorten(&command.to_string(), MAX_QUOTED),
        reason: format!(
            "not a valid command for player {} in round {round} (an occupied cell, too \
             little energy, a third tesla or a curtain not available)",
            player.letter()
        ),
    }
}

/// Plays game `index` of a Tower Defence match. Engines that cannot start forfeit.
pub fn play_towerdefence_game(config: &MatchConfig, index: u64) -> TowerDefenceGame {
    // Nothing else holds this interrupt: the game is played out.
    play(config, index, &Interrupt::default()).0
}

/// [`play_towerdefence_game`] until `interrupt` is set: then the game in progress is
/// abandoned (`None`), a bot running for the round killed with what it started.
pub fn play_towerdefence_game_until(
    config: &MatchConfig,
    index: u64,
    interrupt: &Interrupt,
) -> Option<TowerDefenceGame> {
    let (game, abandoned) = play(config, index, interrupt);
    (!abandoned).then_some(game)
}

/// The game, and whether it was abandoned (`interrupt` set before it ended).
fn play(config: &MatchConfig, index: u64, interrupt: &Interrupt) -> (TowerDefenceGame, bool) {
    let a_player = if index.is_multiple_of(2) {
        Player::A
    } else {
        Player::B
    };
    let side_of = |player: Player| if player == a_player { Side::A } else { Side::B };
    let mut record = TowerDefenceGame {
        index,
        names: [config.a.to_string(), config.b.to_string()],
        a_player,
        commands: Vec::new(),
        outcome: Outcome::Tie,
        score: [0; 2],
        health: [0; 2],
        forfeit: None,
        thinking: [Thinking::default(); 2],
    };
    let forfeit = |record: &mut TowerDefenceGame, side: Side, fault: Fault| {
        let loser = if side == Side::A {
            a_player
        } else {
            a_player.other()
        };
        record.outcome = Outcome::Win(loser.other());
        record.forfeit = Some(Forfeit::new(side, &fault));
    };
    // A fault while the match is being stopped (most likely the interrupt's own) decides
    // nothing: the game is abandoned.
    let abandoned = || interrupt.is_set();
    let mut seats = Vec::with_capacity(2);
    for player in Player::BOTH {
        let side = side_of(player);
        let seed = config.seed ^ index.wrapping_mul(0x9e37_79b9) ^ player.index() as u64;
        match Seat::new(config.spec(side), &config.clock, seed) {
            Ok(seat) => seats.push(seat),
            Err(fault) => {
                forfeit(&mut record, side, fault);
                return (record, abandoned());
            }
        }
    }
    let mut game = Game::<Fastest>::start();
    let limit = config.clock.per_move + config.clock.grace;
    while !game.is_over() {
        if interrupt.is_set() {
            return (record, true);
        }
        let mut commands = [Command::Nothing; 2];
        for player in Player::BOTH {
            let asked = Instant::now();
            let chosen = seats[player.index()].choose(&game, player, limit, interrupt);
            record.thinking[side_of(player).index()].record(asked.elapsed());
            let checked = chosen.and_then(|command| {
                if game.valid_commands(player).contains(&command) {
                    Ok(command)
                } else {
                    Err(invalid(command, player, game.round_number()))
                }
            });
            match checked {
                Ok(command) => commands[player.index()] = command,
                Err(fault) => {
                    forfeit(&mut record, side_of(player), fault);
                    return (finish(record, &game), abandoned());
                }
            }
        }
        game.round(commands);
        record.commands.push(commands);
    }
    record.outcome = game.outcome().unwrap_or(Outcome::Tie);
    (finish(record, &game), false)
}

/// Fills in the final scores and health.
fn finish(mut record: TowerDefenceGame, game: &Game<Fastest>) -> TowerDefenceGame {
    let state = game.state();
    for player in Player::BOTH {
        record.score[player.index()] = state.player(player).score;
        record.health[player.index()] = state.player(player).health;
    }
    record
}
