//! Reading and writing the engine's `state.json` (rendered for player A).
//!
//! Reading takes what the simulation needs (round, players, buildings, missiles) and checks
//! what the engine always writes: the configuration under `gameDetails` (every setting
//! present, with its v3.0.2 value), the players listed as A then B, and each cell's
//! `cellOwner` naming the player whose half it is in. The rest (`teslaHitList`, the
//! missiles' ids, the repeated building statistics) is ignored. Writing renders the full
//! engine format, so a state written here can be fed to a competition bot.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::{Value, json};

use crate::Error;
use crate::rules::{
    BuildingKind, IRON_CURTAIN_ACTIVE_ROUNDS, IRON_CURTAIN_PRICE, IRON_CURTAIN_RESET_PERIOD,
    IRON_CURTAIN_SCORE, MAP_HEIGHT, MAP_WIDTH, MAX_ROUNDS, MISSILE_DAMAGE, MISSILE_SPEED, Player,
    ROUND_INCOME,
};
use crate::state::{Building, PlayerState, State};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JsonState {
    game_details: JsonDetails,
    players: Vec<JsonPlayer>,
    game_map: Vec<Vec<JsonCell>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JsonDetails {
    round: i64,
    max_rounds: Option<i64>,
    map_width: Option<i64>,
    map_height: Option<i64>,
    round_income_energy: Option<i64>,
    building_prices: Option<BTreeMap<String, i64>>,
    buildings_stats: Option<BTreeMap<String, JsonStats>>,
    iron_curtain_stats: Option<JsonCurtainStats>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JsonStats {
    health: Option<i64>,
    construction_time: Option<i64>,
    price: Option<i64>,
    weapon_damage: Option<i64>,
    weapon_speed: Option<i64>,
    weapon_cooldown_period: Option<i64>,
    energy_generated_per_turn: Option<i64>,
    destroy_multiplier: Option<i64>,
    construction_score: Option<i64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JsonCurtainStats {
    active_rounds: Option<i64>,
    reset_period: Option<i64>,
    price: Option<i64>,
    construction_score: Option<i64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JsonPlayer {
    player_type: String,
    energy: i64,
    health: i64,
    hits_taken: i64,
    score: i64,
    iron_curtain_available: bool,
    active_iron_curtain_lifetime: i64,
    is_iron_curtain_active: Option<bool>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JsonCell {
    x: i64,
    y: i64,
    buildings: Vec<JsonBuilding>,
    missiles: Vec<JsonMissile>,
    cell_owner: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JsonBuilding {
    health: i64,
    construction_time_left: i64,
    weapon_cooldown_time_left: i64,
    building_type: String,
    x: i64,
    y: i64,
    player_type: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JsonMissile {
    damage: i64,
    speed: i64,
    x: i64,
    y: i64,
    player_type: String,
}

/// A JSON integer that must fit the simulation's `i32`.
fn int(value: i64, what: impl FnOnce() -> Error) -> Result<i32, Error> {
    i32::try_from(value).map_err(|_| what())
}

fn player_type(text: &str) -> Option<Player> {
    match text {
        "A" => Some(Player::A),
        "B" => Some(Player::B),
        _ => None,
    }
}

/// Checks a setting the engine always writes: present, and the official value.
fn check_config(field: &str, expected: i64, found: Option<i64>) -> Result<(), Error> {
    match found {
        None => Err(missing(field)),
        Some(found) if found != expected => Err(Error::Config {
            field: field.to_owned(),
            expected: expected.to_string(),
            found: found.to_string(),
        }),
        Some(_) => Ok(()),
    }
}

fn missing(field: &str) -> Error {
    Error::MissingConfig {
        field: field.to_owned(),
    }
}

/// Checks the configuration the file declares. Every setting the engine writes must be
/// there (a file without them was not written by the engine, and its rules cannot be
/// checked) with its official v3.0.2 value; an unknown building name is refused.
fn check_details(details: &JsonDetails) -> Result<(), Error> {
    check_config("maxRounds", i64::from(MAX_ROUNDS), details.max_rounds)?;
    check_config("mapWidth", i64::from(MAP_WIDTH), details.map_width)?;
    check_config("mapHeight", i64::from(MAP_HEIGHT), details.map_height)?;
    check_config(
        "roundIncomeEnergy",
        i64::from(ROUND_INCOME),
        details.round_income_energy,
    )?;
    let prices = details
        .building_prices
        .as_ref()
        .ok_or_else(|| missing("buildingPrices"))?;
    let stats = details
        .buildings_stats
        .as_ref()
        .ok_or_else(|| missing("buildingsStats"))?;
    for kind in BuildingKind::ALL {
        let name = kind.engine_name();
        if !prices.contains_key(name) {
            return Err(missing(&format!("buildingPrices.{name}")));
        }
        if !stats.contains_key(name) {
            return Err(missing(&format!("buildingsStats.{name}")));
        }
    }
    for (name, &price) in prices {
        let Some(kind) = BuildingKind::from_engine_name(name) else {
            return Err(Error::Config {
                field: format!("buildingPrices.{name}"),
                expected: "no such building".into(),
                found: price.to_string(),
            });
        };
        check_config(
            &format!("buildingPrices.{name}"),
            kind.stats().price.into(),
            Some(price),
        )?;
    }
    for (name, stats) in stats {
        let Some(kind) = BuildingKind::from_engine_name(name) else {
            return Err(Error::Config {
                field: format!("buildingsStats.{name}"),
                expected: "no such building".into(),
                found: "statistics".into(),
            });
        };
        let want = kind.stats();
        for (field, expected, found) in [
            ("health", want.health, stats.health),
            (
                "constructionTime",
                want.construction_time,
                stats.construction_time,
            ),
            ("price", want.price, stats.price),
            ("weaponDamage", want.weapon_damage, stats.weapon_damage),
            ("weaponSpeed", want.weapon_speed, stats.weapon_speed),
            (
                "weaponCooldownPeriod",
                want.weapon_cooldown_period,
                stats.weapon_cooldown_period,
            ),
            (
                "energyGeneratedPerTurn",
                want.energy_per_round,
                stats.energy_generated_per_turn,
            ),
            (
                "destroyMultiplier",
                want.destroy_multiplier,
                stats.destroy_multiplier,
            ),
            (
                "constructionScore",
                want.construction_score,
                stats.construction_score,
            ),
        ] {
            check_config(
                &format!("buildingsStats.{name}.{field}"),
                expected.into(),
                found,
            )?;
        }
    }
    let curtain = details
        .iron_curtain_stats
        .as_ref()
        .ok_or_else(|| missing("ironCurtainStats"))?;
    for (field, expected, found) in [
        (
            "activeRounds",
            IRON_CURTAIN_ACTIVE_ROUNDS,
            curtain.active_rounds,
        ),
        (
            "resetPeriod",
            IRON_CURTAIN_RESET_PERIOD as i32,
            curtain.reset_period,
        ),
        ("price", IRON_CURTAIN_PRICE, curtain.price),
        (
            "constructionScore",
            IRON_CURTAIN_SCORE,
            curtain.construction_score,
        ),
    ] {
        check_config(&format!("ironCurtainStats.{field}"), expected.into(), found)?;
    }
    Ok(())
}

fn read_player(json: &JsonPlayer) -> Result<PlayerState, Error> {
    let field = |name: &str, value: i64| {
        int(value, || Error::Players {
            problem: format!(
                "player {}: {name} {value} is out of range",
                json.player_type
            ),
        })
    };
    let state = PlayerState {
        energy: field("energy", json.energy)?,
        health: field("health", json.health)?,
        hits_taken: field("hitsTaken", json.hits_taken)?,
        score: field("score", json.score)?,
        iron_curtain_available: json.iron_curtain_available,
        active_iron_curtain_lifetime: field(
            "activeIronCurtainLifetime",
            json.active_iron_curtain_lifetime,
        )?,
    };
    if let Some(flag) = json.is_iron_curtain_active
        && flag != state.is_iron_curtain_active_flag()
    {
        return Err(Error::Players {
            problem: format!(
                "player {}: isIronCurtainActive is {flag} but activeIronCurtainLifetime is {} \
                 (the engine renders the flag as lifetime >= 0)",
                json.player_type, state.active_iron_curtain_lifetime
            ),
        });
    }
    Ok(state)
}

impl State {
    /// Reads the engine's `state.json` (rendered for player A), checking its configuration
    /// against v3.0.2 (a missing setting is [`Error::MissingConfig`]), that it has one
    /// player A and one player B ([`Error::PlayerTypes`]), each cell's owner ([`Error::CellOwner`]) and the state
    /// against [`State::validate`].
    ///
    /// ```
    /// use bitgames_towerdefence::State;
    ///
    /// let err = State::from_json("{\"players\": []}").unwrap_err();
    /// assert!(err.to_string().contains("missing field `gameDetails`"));
    /// let start = State::start();
    /// assert_eq!(State::from_json(&start.to_json())?, start);
    /// # Ok::<(), bitgames_towerdefence::Error>(())
    /// ```
    pub fn from_json(text: &str) -> Result<State, Error> {
        let json: JsonState = serde_json::from_str(text).map_err(|e| Error::Json {
            message: e.to_string(),
        })?;
        check_details(&json.game_details)?;
        let round = u32::try_from(json.game_details.round).map_err(|_| Error::Players {
            problem: format!("gameDetails.round {} is negative", json.game_details.round),
        })?;
        let mut state = State::start();
        state.round = round;

        // One player A and one player B, in either order: the engine lists the file's own
        // player ("A") first for player A, but for player B it keeps its own order with
        // the labels swapped ("B" first), so each is read by its playerType (as Worthe's
        // bot reads them). One missing or repeated is refused.
        let types: Vec<&str> = json
            .players
            .iter()
            .map(|p| p.player_type.as_str())
            .collect();
        if types != ["A", "B"] && types != ["B", "A"] {
            return Err(Error::PlayerTypes {
                found: types.into_iter().map(str::to_owned).collect(),
            });
        }
        for (p, player) in json
            .players
            .iter()
            .filter_map(|p| Some((p, player_type(&p.player_type)?)))
        {
            state.players[player.index()] = read_player(p)?;
        }

        if json.game_map.len() != MAP_HEIGHT as usize {
            return Err(Error::Map {
                problem: format!("expected {MAP_HEIGHT} rows, found {}", json.game_map.len()),
            });
        }
        for (y, row) in json.game_map.iter().enumerate() {
            if row.len() != MAP_WIDTH as usize {
                return Err(Error::Map {
                    problem: format!("row {y}: expected {MAP_WIDTH} cells, found {}", row.len()),
                });
            }
            for (x, cell) in row.iter().enumerate() {
                let (x, y) = (x as u8, y as u8);
                if (cell.x, cell.y) != (i64::from(x), i64::from(y)) {
                    return Err(Error::Map {
                        problem: format!(
                            "gameMap[{y}][{x}] says it is cell ({},{}); cell (x,y) must be \
                             gameMap[y][x]",
                            cell.x, cell.y
                        ),
                    });
                }
                read_cell(&mut state, x, y, cell)?;
            }
        }
        state.validate()?;
        Ok(state)
    }

    /// The `state.json` a bot playing `player` is given: for A, [`State::to_json`]; for B,
    /// the [mirrored](State::mirrored) state rendered for A, as the engine shows each bot
    /// the map from its own side (its half x 0..7, itself `"A"`).
    ///
    /// One difference from the official engine, on purpose: the engine lists B's players in
    /// its own order with the labels swapped (`"B"` first), which a reader that goes by
    /// `playerType` reads the same; this writes `"A"` first, the order [`State::from_json`]
    /// insists on.
    ///
    /// ```
    /// use bitgames_towerdefence::{Player, State};
    ///
    /// let state = State::start();
    /// let b_view = State::from_json(&state.to_json_for(Player::B))?;
    /// assert_eq!(b_view, state.mirrored());
    /// # Ok::<(), bitgames_towerdefence::Error>(())
    /// ```
    pub fn to_json_for(&self, player: Player) -> String {
        match player {
            Player::A => self.to_json(),
            Player::B => self.mirrored().to_json(),
        }
    }

    /// The state in the engine's `state.json` format, rendered for player A (missile ids
    /// are made up; hit lists are empty).
    pub fn to_json(&self) -> String {
        let stats: serde_json::Map<String, Value> = BuildingKind::ALL
            .into_iter()
            .map(|kind| {
                let s = kind.stats();
                (
                    kind.engine_name().to_owned(),
                    json!({
                        "health": s.health,
                        "constructionTime": s.construction_time,
                        "price": s.price,
                        "weaponDamage": s.weapon_damage,
                        "weaponSpeed": s.weapon_speed,
                        "weaponCooldownPeriod": s.weapon_cooldown_period,
                        "energyGeneratedPerTurn": s.energy_per_round,
                        "destroyMultiplier": s.destroy_multiplier,
                        "constructionScore": s.construction_score,
                    }),
                )
            })
            .collect();
        let prices: serde_json::Map<String, Value> = BuildingKind::ALL
            .into_iter()
            .map(|kind| (kind.engine_name().to_owned(), json!(kind.stats().price)))
            .collect();
        let players: Vec<Value> = Player::BOTH
            .into_iter()
            .map(|player| {
                let p = self.player(player);
                json!({
                    "playerType": player.letter().to_string(),
                    "energy": p.energy,
                    "health": p.health,
                    "hitsTaken": p.hits_taken,
                    "score": p.score,
                    "ironCurtainAvailable": p.iron_curtain_available,
                    "activeIronCurtainLifetime": p.active_iron_curtain_lifetime,
                    "isIronCurtainActive": p.is_iron_curtain_active_flag(),
                })
            })
            .collect();
        let mut missile_id = 0u32;
        let map: Vec<Value> = (0..MAP_HEIGHT)
            .map(|y| {
                let cells: Vec<Value> = (0..MAP_WIDTH)
                    .map(|x| {
                        let owner = Player::owning(x).letter().to_string();
                        let buildings: Vec<Value> = self
                            .building(x, y)
                            .map(|b| building_json(x, y, &owner, b))
                            .into_iter()
                            .collect();
                        let mut missiles = Vec::new();
                        for shooter in Player::BOTH {
                            for _ in 0..self.missiles(x, y, shooter) {
                                missile_id += 1;
                                missiles.push(json!({
                                    "damage": MISSILE_DAMAGE,
                                    "speed": MISSILE_SPEED,
                                    "id": format!("missile-{missile_id}"),
                                    "x": x,
                                    "y": y,
                                    "playerType": shooter.letter().to_string(),
                                }));
                            }
                        }
                        json!({
                            "x": x,
                            "y": y,
                            "buildings": buildings,
                            "missiles": missiles,
                            "cellOwner": owner,
                        })
                    })
                    .collect();
                Value::Array(cells)
            })
            .collect();
        let value = json!({
            "gameDetails": {
                "round": self.round,
                "maxRounds": MAX_ROUNDS,
                "mapWidth": MAP_WIDTH,
                "mapHeight": MAP_HEIGHT,
                "roundIncomeEnergy": ROUND_INCOME,
                "buildingPrices": prices,
                "buildingsStats": stats,
                "ironCurtainStats": {
                    "activeRounds": IRON_CURTAIN_ACTIVE_ROUNDS,
                    "resetPeriod": IRON_CURTAIN_RESET_PERIOD,
                    "price": IRON_CURTAIN_PRICE,
                    "constructionScore": IRON_CURTAIN_SCORE,
                },
            },
            "players": players,
            "gameMap": map,
            "teslaHitList": [],
            "ironCurtainHitList": [],
        });
        value.to_string()
    }
}

fn building_json(x: u8, y: u8, owner: &str, b: Building) -> Value {
    let s = b.kind.stats();
    json!({
        "health": b.health,
        "constructionTimeLeft": b.construction_time_left,
        "price": s.price,
        "weaponDamage": s.weapon_damage,
        "weaponSpeed": s.weapon_speed,
        "weaponCooldownTimeLeft": b.weapon_cooldown_time_left,
        "weaponCooldownPeriod": s.weapon_cooldown_period,
        "destroyMultiplier": s.destroy_multiplier,
        "constructionScore": s.construction_score,
        "energyGeneratedPerTurn": s.energy_per_round,
        "maxRange": s.max_range,
        "buildingType": b.kind.engine_name(),
        "energyPerShot": s.energy_per_shot,
        "x": x,
        "y": y,
        "playerType": owner,
    })
}

fn read_cell(state: &mut State, x: u8, y: u8, cell: &JsonCell) -> Result<(), Error> {
    let owner = Player::owning(x);
    if player_type(&cell.cell_owner) != Some(owner) {
        return Err(Error::CellOwner {
            x,
            y,
            found: cell.cell_owner.clone(),
            expected: owner,
        });
    }
    match cell.buildings.as_slice() {
        [] => {}
        [b] => {
            let problem = |problem: String| Error::Building { x, y, problem };
            if (b.x, b.y) != (i64::from(x), i64::from(y)) {
                return Err(problem(format!(
                    "the building says it is at ({},{})",
                    b.x, b.y
                )));
            }
            if player_type(&b.player_type) != Some(owner) {
                return Err(problem(format!(
                    "playerType {:?} on player {owner}'s half",
                    b.player_type
                )));
            }
            let Some(kind) = BuildingKind::from_engine_name(&b.building_type) else {
                return Err(problem(format!(
                    "buildingType {:?} is not DEFENSE, ATTACK, ENERGY or TESLA",
                    b.building_type
                )));
            };
            let number = |name: &str, value: i64| {
                int(value, || problem(format!("{name} {value} is out of range")))
            };
            state.buildings[y as usize][x as usize] = Some(Building {
                kind,
                health: number("health", b.health)?,
                construction_time_left: number("constructionTimeLeft", b.construction_time_left)?,
                weapon_cooldown_time_left: number(
                    "weaponCooldownTimeLeft",
                    b.weapon_cooldown_time_left,
                )?,
            });
        }
        more => {
            return Err(Error::Building {
                x,
                y,
                problem: format!("{} buildings on one cell", more.len()),
            });
        }
    }
    for m in &cell.missiles {
        let problem = |problem: String| Error::Missile { x, y, problem };
        if (m.x, m.y) != (i64::from(x), i64::from(y)) {
            return Err(problem(format!(
                "a missile says it is at ({},{})",
                m.x, m.y
            )));
        }
        if (m.damage, m.speed) != (i64::from(MISSILE_DAMAGE), i64::from(MISSILE_SPEED)) {
            return Err(problem(format!(
                "a missile has damage {} and speed {}; v3.0.2 missiles have {MISSILE_DAMAGE} \
                 and {MISSILE_SPEED}",
                m.damage, m.speed
            )));
        }
        let Some(shooter) = player_type(&m.player_type) else {
            return Err(problem(format!(
                "playerType {:?} is not A or B",
                m.player_type
            )));
        };
        let count = &mut state.missiles[y as usize][x as usize][shooter.index()];
        *count = count.saturating_add(1);
    }
    Ok(())
}
