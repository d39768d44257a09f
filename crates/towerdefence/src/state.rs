//! [`State`]: the full game state as the engine renders it, the common currency of every
//! strategy (each loads it into its own representation and stores it back), of the JSON
//! reader and writer, and of the field-level comparison the conformance tests and `replay`
//! report.

use core::fmt;

use crate::Error;
use crate::rules::{
    BuildingKind, HALF_WIDTH, IRON_CURTAIN_ACTIVE_ROUNDS, MAP_HEIGHT, MAP_WIDTH, MAX_ROUNDS,
    MAX_TESLAS, Outcome, Player, START_ENERGY, START_HEALTH,
};

/// The most missiles of one player a cell of the enemy's half can hold at the start of a
/// round: four attack towers on one row, in columns of one parity, can put a missile each
/// into the same wave (see [`State::validate`]).
pub const MAX_MISSILES_PER_CELL: u8 = 4;

/// One player's numbers, as the engine renders them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlayerState {
    /// Energy to spend on buildings, the curtain and tesla shots.
    pub energy: i32,
    /// Base health; the game ends when it is 0.
    pub health: i32,
    /// Hits the base has taken (every missile or tesla hit, even at 0 health).
    pub hits_taken: i32,
    /// The score that decides a game where neither base falls alone (see the rules'
    /// scoring).
    pub score: i32,
    /// The curtain may be raised (given the energy and no curtain active).
    pub iron_curtain_available: bool,
    /// The engine's curtain counter: 6 when raised, one less every round; the curtain is
    /// active in the coming round iff it is at least 1.
    pub active_iron_curtain_lifetime: i32,
}

impl PlayerState {
    /// The start of the game: 20 energy, 100 health, no curtain.
    pub const START: PlayerState = PlayerState {
        energy: START_ENERGY,
        health: START_HEALTH,
        hits_taken: 0,
        score: 0,
        iron_curtain_available: false,
        active_iron_curtain_lifetime: 0,
    };

    /// The engine's `isIronCurtainActive` as it renders it: lifetime >= 0, which says the
    /// curtain was active in the round just played (the flag is computed before the next
    /// round's curtain update).
    pub fn is_iron_curtain_active_flag(&self) -> bool {
        self.active_iron_curtain_lifetime >= 0
    }

    /// Whether the curtain protects this player in the coming round.
    pub fn curtain_active_next_round(&self) -> bool {
        self.active_iron_curtain_lifetime >= 1
    }
}

/// A building on the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Building {
    /// What the building is.
    pub kind: BuildingKind,
    /// Health left; the building is removed at the end of the round it reaches 0.
    pub health: i32,
    /// Counts down every round from the construction time; the building works once it is
    /// -1 or less and keeps counting down after.
    pub construction_time_left: i32,
    /// Rounds until an attack tower or tesla may fire again; 0 for the other kinds.
    pub weapon_cooldown_time_left: i32,
}

impl Building {
    /// A building of `kind` as placed this round: full health, the whole construction time
    /// left, no cooldown.
    pub fn placed(kind: BuildingKind) -> Building {
        let stats = kind.stats();
        Building {
            kind,
            health: stats.health,
            construction_time_left: stats.construction_time,
            weapon_cooldown_time_left: 0,
        }
    }

    /// Whether the building works (fires, earns, can be hit).
    pub fn is_constructed(&self) -> bool {
        self.construction_time_left <= -1
    }
}

/// A game state before a round is played: the round number, both players' numbers, every
/// building and the number of missiles of each player on every cell. Coordinates are map
/// coordinates (x 0..16, y 0..8, A's half x < 8), as in the engine's `state.json`.
///
/// A `State` only exists validated (see [`State::validate`]): every strategy can load any
/// `State` and they all agree on it.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct State {
    pub(crate) round: u32,
    pub(crate) players: [PlayerState; 2],
    /// `buildings[y][x]`.
    pub(crate) buildings: [[Option<Building>; MAP_WIDTH as usize]; MAP_HEIGHT as usize],
    /// `missiles[y][x][owner]`: how many missiles of each player are on the cell.
    pub(crate) missiles: [[[u8; 2]; MAP_WIDTH as usize]; MAP_HEIGHT as usize],
}

impl Default for State {
    fn default() -> Self {
        State::start()
    }
}

impl State {
    /// The state before round 0: empty map, 20 energy and 100 health each.
    pub fn start() -> State {
        State {
            round: 0,
            players: [PlayerState::START; 2],
            buildings: [[None; MAP_WIDTH as usize]; MAP_HEIGHT as usize],
            missiles: [[[0; 2]; MAP_WIDTH as usize]; MAP_HEIGHT as usize],
        }
    }

    /// This state with the round about to be played set to `round`, validated.
    pub fn with_round(mut self, round: u32) -> Result<State, Error> {
        self.round = round;
        self.validate().map(|()| self)
    }

    /// This state with `player`'s numbers replaced, validated.
    pub fn with_player(mut self, player: Player, numbers: PlayerState) -> Result<State, Error> {
        self.players[player.index()] = numbers;
        self.validate().map(|()| self)
    }

    /// This state with map cell (x, y) holding `building` (or nothing), validated; the
    /// owner is whoever owns column x.
    pub fn with_building(
        mut self,
        x: u8,
        y: u8,
        building: Option<Building>,
    ) -> Result<State, Error> {
        if x >= MAP_WIDTH || y >= MAP_HEIGHT {
            return Err(Error::Map {
                problem: format!("cell ({x},{y}) is off the 16x8 map"),
            });
        }
        self.buildings[y as usize][x as usize] = building;
        self.validate().map(|()| self)
    }

    /// This state with `count` of `owner`'s missiles on map cell (x, y), validated.
    pub fn with_missiles(mut self, x: u8, y: u8, owner: Player, count: u8) -> Result<State, Error> {
        if x >= MAP_WIDTH || y >= MAP_HEIGHT {
            return Err(Error::Map {
                problem: format!("cell ({x},{y}) is off the 16x8 map"),
            });
        }
        self.missiles[y as usize][x as usize][owner.index()] = count;
        self.validate().map(|()| self)
    }

    /// The round about to be played.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// `player`'s numbers.
    pub fn player(&self, player: Player) -> &PlayerState {
        &self.players[player.index()]
    }

    /// The building on map cell (x, y), if any (its owner is [`Player::owning`] x).
    pub fn building(&self, x: u8, y: u8) -> Option<Building> {
        *self.buildings.get(y as usize)?.get(x as usize)?
    }

    /// The number of `owner`'s missiles on map cell (x, y).
    pub fn missiles(&self, x: u8, y: u8, owner: Player) -> u8 {
        self.missiles
            .get(y as usize)
            .and_then(|row| row.get(x as usize))
            .map_or(0, |cell| cell[owner.index()])
    }

    /// Every building as (x, y, building), row by row.
    pub fn buildings(&self) -> impl Iterator<Item = (u8, u8, Building)> + '_ {
        self.buildings.iter().enumerate().flat_map(|(y, row)| {
            row.iter()
                .enumerate()
                .filter_map(move |(x, b)| b.map(|b| (x as u8, y as u8, b)))
        })
    }

    /// The same state seen from the other side: players swapped and the map mirrored
    /// (x' = 15 - x), each missile keeping its (now swapped) owner. This is how the engine
    /// renders player B's `state.json` ("each bot sees the map as player A"), so a runner
    /// hands player B `self.mirrored()` rendered for A, and B's commands, in B's own frame,
    /// are A's commands in the mirrored state. Mirroring twice gives the state back.
    pub fn mirrored(&self) -> State {
        let mut out = State {
            round: self.round,
            players: [self.players[1], self.players[0]],
            ..State::start()
        };
        let width = MAP_WIDTH as usize;
        for y in 0..MAP_HEIGHT as usize {
            for x in 0..width {
                out.buildings[y][width - 1 - x] = self.buildings[y][x];
                let [a, b] = self.missiles[y][x];
                out.missiles[y][width - 1 - x] = [b, a];
            }
        }
        out
    }

    /// Whether the game is over: a base has fallen or round 400 has been played.
    pub fn is_over(&self) -> bool {
        crate::rules::is_over(self.round, self.players.map(|p| p.health))
    }

    /// The result if the game is over, else `None`.
    pub fn outcome(&self) -> Option<Outcome> {
        self.is_over().then(|| {
            Outcome::decide(
                self.players.map(|p| p.health),
                self.players.map(|p| p.score),
            )
        })
    }

    /// Checks what the strategies rely on, all of which holds in every state the engine
    /// can reach (so no engine state is refused):
    ///
    /// - round 0..=401, numbers in a sane range (no overflow in 400 rounds);
    /// - buildings: health a positive multiple of 5 up to the kind's health (every damage
    ///   is 5 or 20, clamped), full health and no cooldown until constructed,
    ///   `constructionTimeLeft` below the construction time (a building is placed in an
    ///   earlier round), cooldowns within the weapon's period, at most 2 teslas a player;
    /// - missiles: on its own half a missile is at least 2 columns in front of the tower
    ///   that fired it (it moves 2 in the round it is fired), and only towers in columns of
    ///   its parity can join it, so a cell `c` columns from the owner's back holds at most
    ///   `c / 2` of its missiles; in the enemy half at most 4.
    pub fn validate(&self) -> Result<(), Error> {
        if self.round > MAX_ROUNDS + 1 {
            return Err(Error::Players {
                problem: format!(
                    "round {} is past the last round ({MAX_ROUNDS}) + 1",
                    self.round
                ),
            });
        }
        const LIMIT: i32 = 10_000_000;
        for player in Player::BOTH {
            let p = self.player(player);
            for (name, value) in [
                ("energy", p.energy),
                ("health", p.health),
                ("hitsTaken", p.hits_taken),
                ("score", p.score),
            ] {
                if !(0..=LIMIT).contains(&value) {
                    return Err(Error::Players {
                        problem: format!("player {player}: {name} {value} is not in 0..={LIMIT}"),
                    });
                }
            }
            let lifetime = p.active_iron_curtain_lifetime;
            if !(-LIMIT..=IRON_CURTAIN_ACTIVE_ROUNDS).contains(&lifetime) {
                return Err(Error::Players {
                    problem: format!(
                        "player {player}: activeIronCurtainLifetime {lifetime} is not in \
                         -{LIMIT}..={IRON_CURTAIN_ACTIVE_ROUNDS}"
                    ),
                });
            }
        }
        let mut teslas = [0usize; 2];
        for (x, y, b) in self.buildings() {
            let problem = |problem: String| Error::Building { x, y, problem };
            let stats = b.kind.stats();
            if b.health <= 0 || b.health > stats.health || b.health % 5 != 0 {
                return Err(problem(format!(
                    "{} health {} is not a positive multiple of 5 up to {}",
                    b.kind, b.health, stats.health
                )));
            }
            let ctl = b.construction_time_left;
            if ctl >= stats.construction_time || ctl < -LIMIT / 1000 {
                return Err(problem(format!(
                    "{} constructionTimeLeft {ctl} is not in -{}..={} (it is placed in an \
                     earlier round with {})",
                    b.kind,
                    LIMIT / 1000,
                    stats.construction_time - 1,
                    stats.construction_time
                )));
            }
            let cooldown = b.weapon_cooldown_time_left;
            let max_cooldown = if b.is_constructed() {
                stats.weapon_cooldown_period
            } else {
                0
            };
            if !(0..=max_cooldown).contains(&cooldown) {
                return Err(problem(format!(
                    "{} weaponCooldownTimeLeft {cooldown} is not in 0..={max_cooldown}{}",
                    b.kind,
                    if b.is_constructed() {
                        ""
                    } else {
                        " (it is under construction)"
                    }
                )));
            }
            if !b.is_constructed() && b.health != stats.health {
                return Err(problem(format!(
                    "{} under construction has health {}, but it cannot be hit before it is \
                     constructed (full health is {})",
                    b.kind, b.health, stats.health
                )));
            }
            if b.kind == BuildingKind::Tesla {
                let owner = Player::owning(x);
                teslas[owner.index()] += 1;
                if teslas[owner.index()] > MAX_TESLAS {
                    return Err(problem(format!(
                        "player {owner} has more than {MAX_TESLAS} teslas"
                    )));
                }
            }
        }
        for y in 0..MAP_HEIGHT {
            for x in 0..MAP_WIDTH {
                for owner in Player::BOTH {
                    let count = self.missiles(x, y, owner);
                    let own_x = owner.map_x(x);
                    let limit = if own_x < HALF_WIDTH {
                        own_x / 2
                    } else {
                        MAX_MISSILES_PER_CELL
                    };
                    if count > limit {
                        return Err(Error::Missile {
                            x,
                            y,
                            problem: format!(
                                "{count} missiles of player {owner}, but at most {limit} can be \
                                 there at the start of a round"
                            ),
                        });
                    }
                }
            }
        }
        Ok(())
    }

    /// The first field where `got` differs from `self` (the expected state), or `None` when
    /// they are equal. Fields are compared in the order: round, players, then cell by cell
    /// (row by row) its building and its missiles.
    pub fn first_difference(&self, got: &State) -> Option<FieldDifference> {
        let diff = |field: String, expected: String, got: String| {
            Some(FieldDifference {
                field,
                expected,
                got,
            })
        };
        if self.round != got.round {
            return diff(
                "round".into(),
                self.round.to_string(),
                got.round.to_string(),
            );
        }
        for player in Player::BOTH {
            let (e, g) = (self.player(player), got.player(player));
            let fields: [(&str, String, String); 6] = [
                ("energy", e.energy.to_string(), g.energy.to_string()),
                ("health", e.health.to_string(), g.health.to_string()),
                (
                    "hitsTaken",
                    e.hits_taken.to_string(),
                    g.hits_taken.to_string(),
                ),
                ("score", e.score.to_string(), g.score.to_string()),
                (
                    "ironCurtainAvailable",
                    e.iron_curtain_available.to_string(),
                    g.iron_curtain_available.to_string(),
                ),
                (
                    "activeIronCurtainLifetime",
                    e.active_iron_curtain_lifetime.to_string(),
                    g.active_iron_curtain_lifetime.to_string(),
                ),
            ];
            for (name, e, g) in fields {
                if e != g {
                    return diff(format!("player {player} {name}"), e, g);
                }
            }
        }
        for y in 0..MAP_HEIGHT {
            for x in 0..MAP_WIDTH {
                let at = format!("({x},{y})");
                match (self.building(x, y), got.building(x, y)) {
                    (None, None) => {}
                    (Some(e), None) => {
                        return diff(
                            format!("building at {at}"),
                            e.kind.to_string(),
                            "none".into(),
                        );
                    }
                    (None, Some(g)) => {
                        return diff(
                            format!("building at {at}"),
                            "none".into(),
                            g.kind.to_string(),
                        );
                    }
                    (Some(e), Some(g)) => {
                        let fields = [
                            ("buildingType", e.kind.to_string(), g.kind.to_string()),
                            ("health", e.health.to_string(), g.health.to_string()),
                            (
                                "constructionTimeLeft",
                                e.construction_time_left.to_string(),
                                g.construction_time_left.to_string(),
                            ),
                            (
                                "weaponCooldownTimeLeft",
                                e.weapon_cooldown_time_left.to_string(),
                                g.weapon_cooldown_time_left.to_string(),
                            ),
                        ];
                        for (name, e, g) in fields {
                            if e != g {
                                return diff(format!("building at {at} {name}"), e, g);
                            }
                        }
                    }
                }
                for owner in Player::BOTH {
                    let (e, g) = (self.missiles(x, y, owner), got.missiles(x, y, owner));
                    if e != g {
                        return diff(
                            format!("missiles of player {owner} at {at}"),
                            e.to_string(),
                            g.to_string(),
                        );
                    }
                }
            }
        }
        None
    }
}

/// One field where two states differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldDifference {
    /// Which field, e.g. `player B score` or `building at (9,3) health`.
    pub field: String,
    /// The field's value in the expected state, as text.
    pub expected: String,
    /// The field's value in the state compared with it, as text.
    pub got: String,
}

impl fmt::Display for FieldDifference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: expected {}, got {}",
            self.field, self.expected, self.got
        )
    }
}

/// `Debug` draws the map (it is what a failed comparison prints).
impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The map as a grid, one cell three characters: the building (`D` defence, `A` attack,
/// `E` energy, `T` tesla; lower case while under construction; `.` none), then the number
/// of A's and of B's missiles (`.` for none). The players' numbers come first.
impl fmt::Display for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "round {}", self.round)?;
        for player in Player::BOTH {
            let p = self.player(player);
            writeln!(
                f,
                "{player}: energy {} health {} score {} hits taken {} curtain {} (lifetime {})",
                p.energy,
                p.health,
                p.score,
                p.hits_taken,
                if p.iron_curtain_available {
                    "available"
                } else {
                    "unavailable"
                },
                p.active_iron_curtain_lifetime
            )?;
        }
        let mut header = String::from("  ");
        for x in 0..MAP_WIDTH {
            let bar = if x == HALF_WIDTH - 1 { " |" } else { "" };
            header.push_str(&format!(" {x:<3}{bar}"));
        }
        writeln!(f, "{}", header.trim_end())?;
        for y in 0..MAP_HEIGHT {
            write!(f, "{y} ")?;
            for x in 0..MAP_WIDTH {
                let building = match self.building(x, y) {
                    None => '.',
                    Some(b) => {
                        let c = match b.kind {
                            BuildingKind::Defence => 'D',
                            BuildingKind::Attack => 'A',
                            BuildingKind::Energy => 'E',
                            BuildingKind::Tesla => 'T',
                        };
                        if b.is_constructed() {
                            c
                        } else {
                            c.to_ascii_lowercase()
                        }
                    }
                };
                let count = |owner| match self.missiles(x, y, owner) {
                    0 => '.',
                    n => char::from_digit(u32::from(n), 10).unwrap_or('+'),
                };
                write!(
                    f,
                    " {building}{}{}{}",
                    count(Player::A),
                    count(Player::B),
                    if x == HALF_WIDTH - 1 { " |" } else { "" }
                )?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
