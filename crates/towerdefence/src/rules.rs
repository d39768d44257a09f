//! The constants of the official engine v3.0.2 and the small vocabulary (players, building
//! kinds) every other module speaks.

use core::fmt;

/// Map columns (x 0..16, A's half x < 8).
pub const MAP_WIDTH: u8 = 16;
/// Map rows (y 0..8, top to bottom).
pub const MAP_HEIGHT: u8 = 8;
/// Columns of one player's half.
pub const HALF_WIDTH: u8 = 8;
/// The last round played: the game ends when the round number exceeds it.
pub const MAX_ROUNDS: u32 = 400;
/// Energy each player starts with.
pub const START_ENERGY: i32 = 20;
/// Base health each player starts with.
pub const START_HEALTH: i32 = 100;
/// Energy (and score) every player gains every round before buildings.
pub const ROUND_INCOME: i32 = 5;
/// Energy refunded by a deconstruct.
pub const DECONSTRUCT_REFUND: i32 = 5;
/// Score per point of damage to the enemy base.
pub const BASE_SCORE_MULTIPLIER: i32 = 15;
/// A player may own this many teslas at once (under construction included).
pub const MAX_TESLAS: usize = 2;

/// Damage of one missile.
pub const MISSILE_DAMAGE: i32 = 5;
/// Cells a missile moves each round, one at a time.
pub const MISSILE_SPEED: i32 = 2;

/// Energy a tesla shot costs its owner.
pub const TESLA_SHOT_ENERGY: i32 = 100;
/// Damage of a tesla shot (to each building hit, and to the base).
pub const TESLA_DAMAGE: i32 = 20;
/// Columns in front of a tesla that it reaches.
pub const TESLA_RANGE: i32 = 9;

/// Price of the iron curtain.
pub const IRON_CURTAIN_PRICE: i32 = 100;
/// Rounds a curtain stays active.
pub const IRON_CURTAIN_ACTIVE_ROUNDS: i32 = 6;
/// A curtain becomes available every this many rounds.
pub const IRON_CURTAIN_RESET_PERIOD: u32 = 30;
/// Score for raising the curtain.
pub const IRON_CURTAIN_SCORE: i32 = 20;

/// One of the two players. A owns x 0..8 and fires towards +x; B owns x 8..16.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The player whose half is x 0..8 (the left half), whose frame is the map's own.
    A,
    /// The player whose half is x 8..16; its commands are mirrored (x' = 15 - x).
    B,
}

impl Player {
    /// Both players, A first (the order of every per-player array).
    pub const BOTH: [Player; 2] = [Player::A, Player::B];

    /// Index into per-player arrays.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The opponent.
    #[inline(always)]
    pub const fn other(self) -> Player {
        match self {
            Player::A => Player::B,
            Player::B => Player::A,
        }
    }

    /// The engine's `playerType` letter.
    pub const fn letter(self) -> char {
        match self {
            Player::A => 'A',
            Player::B => 'B',
        }
    }

    /// The owner of map column `x`.
    #[inline(always)]
    pub const fn owning(x: u8) -> Player {
        if x < HALF_WIDTH { Player::A } else { Player::B }
    }

    /// The map column of column `x` in this player's own frame (the engine mirrors B's
    /// commands with x' = 15 - x), and back: the mirror is its own inverse.
    #[inline(always)]
    pub const fn map_x(self, x: u8) -> u8 {
        match self {
            Player::A => x,
            Player::B => MAP_WIDTH - 1 - x,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The four kinds of building. The iron curtain is not a building (it has no cell).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BuildingKind {
    /// A wall (`DEFENSE`): high health, no weapon, absorbs missiles.
    Defence,
    /// Fires a missile down its row every fourth round.
    Attack,
    /// Adds to its owner's energy income every round.
    Energy,
    /// Spends its owner's energy to hit the topmost enemy building in each of the next 9
    /// columns within one row of it (and the base from the front column).
    Tesla,
}

/// A kind's fixed statistics in the v3.0.2 configuration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuildingStats {
    /// Energy paid when the building is placed.
    pub price: i32,
    /// Health when placed; it cannot be hit before it is constructed.
    pub health: i32,
    /// Rounds from placement until the building works (`constructionTimeLeft` starts here).
    pub construction_time: i32,
    /// Score its owner gains when placing it.
    pub construction_score: i32,
    /// Score per point of damage dealt to a building of this kind.
    pub destroy_multiplier: i32,
    /// Extra energy (and score) per round once constructed (energy buildings only).
    pub energy_per_round: i32,
    /// Damage of one missile or tesla shot; 0 for kinds without a weapon.
    pub weapon_damage: i32,
    /// Cells its missiles move a round (attack buildings only).
    pub weapon_speed: i32,
    /// The cooldown a shot sets: rounds the weapon waits before it can fire again.
    pub weapon_cooldown_period: i32,
    /// Columns reached (the engine's `maxRange`; teslas only).
    pub max_range: i32,
    /// Energy per shot (teslas only).
    pub energy_per_shot: i32,
}

impl BuildingKind {
    /// Every kind, in the order of their command type ids (the order random commands use).
    pub const ALL: [BuildingKind; 4] = [
        BuildingKind::Defence,
        BuildingKind::Attack,
        BuildingKind::Energy,
        BuildingKind::Tesla,
    ];

    /// The command type id (`t` in `x,y,t`).
    pub const fn type_id(self) -> u8 {
        match self {
            BuildingKind::Defence => 0,
            BuildingKind::Attack => 1,
            BuildingKind::Energy => 2,
            BuildingKind::Tesla => 4,
        }
    }

    /// The engine's `buildingType` name.
    pub const fn engine_name(self) -> &'static str {
        match self {
            BuildingKind::Defence => "DEFENSE",
            BuildingKind::Attack => "ATTACK",
            BuildingKind::Energy => "ENERGY",
            BuildingKind::Tesla => "TESLA",
        }
    }

    /// The kind with the engine's `buildingType` name.
    pub fn from_engine_name(name: &str) -> Option<BuildingKind> {
        BuildingKind::ALL
            .into_iter()
            .find(|k| k.engine_name() == name)
    }

    /// The kind's statistics (RULES.md, configuration table).
    pub const fn stats(self) -> BuildingStats {
        let none = BuildingStats {
            price: 0,
            health: 0,
            construction_time: 0,
            construction_score: 0,
            destroy_multiplier: 1,
            energy_per_round: 0,
            weapon_damage: 0,
            weapon_speed: 0,
            weapon_cooldown_period: 0,
            max_range: 0,
            energy_per_shot: 0,
        };
        match self {
            BuildingKind::Defence => BuildingStats {
                price: 30,
                health: 20,
                construction_time: 3,
                construction_score: 10,
                ..none
            },
            BuildingKind::Attack => BuildingStats {
                price: 30,
                health: 5,
                construction_time: 1,
                construction_score: 4,
                weapon_damage: MISSILE_DAMAGE,
                weapon_speed: MISSILE_SPEED,
                weapon_cooldown_period: 3,
                ..none
            },
            BuildingKind::Energy => BuildingStats {
                price: 20,
                health: 5,
                construction_time: 1,
                construction_score: 3,
                energy_per_round: 3,
                ..none
            },
            BuildingKind::Tesla => BuildingStats {
                price: 100,
                health: 5,
                construction_time: 10,
                construction_score: 20,
                destroy_multiplier: 10,
                weapon_damage: TESLA_DAMAGE,
                weapon_cooldown_period: 10,
                max_range: TESLA_RANGE,
                energy_per_shot: TESLA_SHOT_ENERGY,
                ..none
            },
        }
    }
}

impl fmt::Display for BuildingKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.engine_name())
    }
}

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This player won: the other's base fell alone, or this one scored more.
    Win(Player),
    /// Equal scores with both bases standing (or both fallen).
    Tie,
}

impl Outcome {
    /// The game's value to `player`: 1 for a win, 0.5 for a tie, 0 for a loss.
    pub fn value_for(self, player: Player) -> f64 {
        match self {
            Outcome::Win(p) if p == player => 1.0,
            Outcome::Win(_) => 0.0,
            Outcome::Tie => 0.5,
        }
    }

    /// The result by the engine's rule: if exactly one base has fallen the other player
    /// wins; otherwise the higher score wins, and equal scores tie.
    pub fn decide(health: [i32; 2], score: [i32; 2]) -> Outcome {
        match (health[0] <= 0, health[1] <= 0) {
            (true, false) => Outcome::Win(Player::B),
            (false, true) => Outcome::Win(Player::A),
            _ if score[0] > score[1] => Outcome::Win(Player::A),
            _ if score[1] > score[0] => Outcome::Win(Player::B),
            _ => Outcome::Tie,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(p) => write!(f, "{p} wins"),
            Outcome::Tie => f.write_str("tie"),
        }
    }
}

/// Whether a game whose next round is `round` and whose bases have `health` is over.
#[inline(always)]
pub fn is_over(round: u32, health: [i32; 2]) -> bool {
    round > MAX_ROUNDS || health[0] <= 0 || health[1] <= 0
}
