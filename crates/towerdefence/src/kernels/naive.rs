//! [`Naive`]: the round as the official engine models it, the map's cells holding building
//! structs and a list of missile structs, in map coordinates, every rule step a plain loop.
//! The oracle.

use super::Simulation;
use crate::Command;
use crate::rules::{
    BASE_SCORE_MULTIPLIER, BuildingKind, DECONSTRUCT_REFUND, HALF_WIDTH,
    IRON_CURTAIN_ACTIVE_ROUNDS, IRON_CURTAIN_PRICE, IRON_CURTAIN_RESET_PERIOD, IRON_CURTAIN_SCORE,
    MAP_HEIGHT, MAP_WIDTH, MAX_TESLAS, MISSILE_DAMAGE, MISSILE_SPEED, Player, ROUND_INCOME,
    TESLA_DAMAGE, TESLA_RANGE, TESLA_SHOT_ENERGY,
};
use crate::state::{Building, PlayerState, State};

bitgames_bitboard::strategy! {
    /// Structs and loops, written to read like RULES.md: the oracle every other strategy must
    /// match.
    pub struct Naive: Naive, "naive", "the engine's model: cells of building structs, a list of missile structs, a loop per rule step";
}

/// A missile in flight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Missile {
    x: i32,
    y: i32,
    owner: Player,
    damage: i32,
    speed: i32,
}

/// [`Naive`]'s board: the players' numbers, the map's cells (each holding at most one
/// building, owned by whoever owns the cell's half) and the missiles in flight, in map
/// coordinates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NaiveBoard {
    round: u32,
    players: [PlayerState; 2],
    /// `cells[y][x]`.
    cells: [[Option<Building>; MAP_WIDTH as usize]; MAP_HEIGHT as usize],
    missiles: Vec<Missile>,
}

/// The direction `owner`'s missiles and teslas face along x.
fn forward(owner: Player) -> i32 {
    match owner {
        Player::A => 1,
        Player::B => -1,
    }
}

/// `owner`'s front column in map coordinates.
fn front_column(owner: Player) -> i32 {
    match owner {
        Player::A => i32::from(HALF_WIDTH) - 1,
        Player::B => i32::from(HALF_WIDTH),
    }
}

/// The owner of map column `x` (which must be on the map).
fn owner_of(x: i32) -> Player {
    Player::owning(x as u8)
}

impl NaiveBoard {
    /// The building on map cell (x, y), if the cell is on the map and holds one.
    fn building_mut(&mut self, x: i32, y: i32) -> Option<&mut Building> {
        if !(0..i32::from(MAP_WIDTH)).contains(&x) || !(0..i32::from(MAP_HEIGHT)).contains(&y) {
            return None;
        }
        self.cells[y as usize][x as usize].as_mut()
    }

    /// Every building with its map cell, row by row.
    fn buildings(&self) -> impl Iterator<Item = (i32, i32, &Building)> {
        self.cells.iter().enumerate().flat_map(|(y, row)| {
            row.iter()
                .enumerate()
                .filter_map(move |(x, b)| b.as_ref().map(|b| (x as i32, y as i32, b)))
        })
    }

    fn teslas_of(&self, owner: Player) -> usize {
        self.buildings()
            .filter(|(x, _, b)| owner_of(*x) == owner && b.kind == BuildingKind::Tesla)
            .count()
    }

    fn can_raise_curtain(&self, player: Player) -> bool {
        let p = &self.players[player.index()];
        p.iron_curtain_available && p.energy >= IRON_CURTAIN_PRICE && !p.curtain_active_next_round()
    }

    /// Step 1 for one player. An invalid command does nothing.
    fn apply_command(&mut self, player: Player, command: Command) {
        match command {
            Command::Nothing => {}
            Command::Build { x, y, kind } => {
                let (x, y) = (usize::from(player.map_x(x)), usize::from(y));
                let stats = kind.stats();
                let p = &self.players[player.index()];
                let allowed = self.cells[y][x].is_none()
                    && p.energy >= stats.price
                    && (kind != BuildingKind::Tesla || self.teslas_of(player) < MAX_TESLAS);
                if allowed {
                    let p = &mut self.players[player.index()];
                    p.energy -= stats.price;
                    p.score += stats.construction_score;
                    self.cells[y][x] = Some(Building::placed(kind));
                }
            }
            Command::Deconstruct { x, y } => {
                let (x, y) = (usize::from(player.map_x(x)), usize::from(y));
                if self.cells[y][x].take().is_some() {
                    self.players[player.index()].energy += DECONSTRUCT_REFUND;
                }
            }
            Command::IronCurtain => {
                if self.can_raise_curtain(player) {
                    let p = &mut self.players[player.index()];
                    p.energy -= IRON_CURTAIN_PRICE;
                    p.score += IRON_CURTAIN_SCORE;
                    p.iron_curtain_available = false;
                    p.active_iron_curtain_lifetime = IRON_CURTAIN_ACTIVE_ROUNDS;
                }
            }
        }
    }

    /// Step 4: every constructed tesla, oldest first (the list is made before any fires).
    fn teslas(&mut self, curtain: [bool; 2]) {
        let mut teslas: Vec<(i32, i32, i32)> = self
            .buildings()
            .filter(|(_, _, b)| b.kind == BuildingKind::Tesla && b.is_constructed())
            .map(|(x, y, b)| (b.construction_time_left, x, y))
            .collect();
        teslas.sort_by_key(|&(age, ..)| age);
        for (_, x, y) in teslas {
            let owner = owner_of(x);
            let energy = self.players[owner.index()].energy;
            let Some(tesla) = self.building_mut(x, y) else {
                continue;
            };
            if energy >= TESLA_SHOT_ENERGY && tesla.weapon_cooldown_time_left == 0 {
                tesla.weapon_cooldown_time_left =
                    BuildingKind::Tesla.stats().weapon_cooldown_period;
                self.players[owner.index()].energy -= TESLA_SHOT_ENERGY;
                self.tesla_fires(x, y, owner, curtain);
            } else if tesla.weapon_cooldown_time_left > 0 {
                tesla.weapon_cooldown_time_left -= 1;
            }
        }
    }

    fn tesla_fires(&mut self, x: i32, y: i32, owner: Player, curtain: [bool; 2]) {
        let enemy = owner.other();
        if curtain[enemy.index()] {
            return;
        }
        if x == front_column(owner) {
            let damage = self.players[enemy.index()].health.min(TESLA_DAMAGE);
            self.players[enemy.index()].health -= damage;
            self.players[enemy.index()].hits_taken += 1;
            self.players[owner.index()].score += damage * BASE_SCORE_MULTIPLIER;
        }
        for step in 1..=TESLA_RANGE {
            let column = x + forward(owner) * step;
            if !(0..i32::from(MAP_WIDTH)).contains(&column) || owner_of(column) != enemy {
                continue;
            }
            // Rows top to bottom: the first working building is the topmost.
            for row in y - 1..=y + 1 {
                if let Some(b) = self.building_mut(column, row)
                    && b.is_constructed()
                    && b.health > 0
                {
                    let damage = b.health.min(TESLA_DAMAGE);
                    b.health -= damage;
                    let points = damage * b.kind.stats().destroy_multiplier;
                    self.players[owner.index()].score += points;
                    break;
                }
            }
        }
    }

    /// Step 5: constructed attack towers count down or fire.
    fn attack_towers_fire(&mut self) {
        let stats = BuildingKind::Attack.stats();
        for (y, row) in self.cells.iter_mut().enumerate() {
            for (x, cell) in row.iter_mut().enumerate() {
                let Some(b) = cell else { continue };
                if b.kind != BuildingKind::Attack || !b.is_constructed() {
                    continue;
                }
                if b.weapon_cooldown_time_left > 0 {
                    b.weapon_cooldown_time_left -= 1;
                } else {
                    self.missiles.push(Missile {
                        x: x as i32,
                        y: y as i32,
                        owner: owner_of(x as i32),
                        damage: stats.weapon_damage,
                        speed: stats.weapon_speed,
                    });
                    b.weapon_cooldown_time_left = stats.weapon_cooldown_period;
                }
            }
        }
    }

    /// Step 6: every missile moves `speed` single steps; after each, it may be stopped by
    /// the curtain, hit the base or hit a building.
    fn move_missiles(&mut self, curtain: [bool; 2]) {
        for step in 0..MISSILE_SPEED {
            let mut i = 0;
            while i < self.missiles.len() {
                if self.missiles[i].speed <= step {
                    i += 1;
                    continue;
                }
                let m = &mut self.missiles[i];
                m.x += forward(m.owner);
                let m = *m;
                let enemy = m.owner.other();
                let removed = if m.x == front_column(enemy) && curtain[enemy.index()] {
                    true
                } else if !(0..i32::from(MAP_WIDTH)).contains(&m.x) {
                    let damage = self.players[enemy.index()].health.min(m.damage);
                    self.players[enemy.index()].health -= damage;
                    self.players[enemy.index()].hits_taken += 1;
                    self.players[m.owner.index()].score += damage * BASE_SCORE_MULTIPLIER;
                    true
                } else if owner_of(m.x) == enemy
                    && let Some(b) = self.building_mut(m.x, m.y)
                    && b.is_constructed()
                    && b.health > 0
                {
                    let damage = b.health.min(m.damage);
                    b.health -= damage;
                    let points = damage * b.kind.stats().destroy_multiplier;
                    self.players[m.owner.index()].score += points;
                    true
                } else {
                    false
                };
                if removed {
                    self.missiles.remove(i);
                } else {
                    i += 1;
                }
            }
        }
    }

    /// The canonical list of `player`'s valid commands (see [`Simulation`]).
    fn commands(&self, player: Player) -> Vec<Command> {
        let mut commands = vec![Command::Nothing];
        let p = &self.players[player.index()];
        let cells = || (0..MAP_HEIGHT).flat_map(|y| (0..HALF_WIDTH).map(move |x| (x, y)));
        let occupied =
            |x: u8, y: u8| self.cells[usize::from(y)][usize::from(player.map_x(x))].is_some();
        for kind in BuildingKind::ALL {
            if p.energy < kind.stats().price
                || (kind == BuildingKind::Tesla && self.teslas_of(player) >= MAX_TESLAS)
            {
                continue;
            }
            commands.extend(
                cells()
                    .filter(|&(x, y)| !occupied(x, y))
                    .map(|(x, y)| Command::Build { x, y, kind }),
            );
        }
        commands.extend(
            cells()
                .filter(|&(x, y)| occupied(x, y))
                .map(|(x, y)| Command::Deconstruct { x, y }),
        );
        if self.can_raise_curtain(player) {
            commands.push(Command::IronCurtain);
        }
        commands
    }
}

impl Simulation for Naive {
    type Board = NaiveBoard;

    fn load(state: &State) -> NaiveBoard {
        let mut missiles = Vec::new();
        for y in 0..MAP_HEIGHT {
            for x in 0..MAP_WIDTH {
                for owner in Player::BOTH {
                    for _ in 0..state.missiles(x, y, owner) {
                        missiles.push(Missile {
                            x: i32::from(x),
                            y: i32::from(y),
                            owner,
                            damage: MISSILE_DAMAGE,
                            speed: MISSILE_SPEED,
                        });
                    }
                }
            }
        }
        NaiveBoard {
            round: state.round,
            players: state.players,
            cells: state.buildings,
            missiles,
        }
    }

    fn store(board: &NaiveBoard) -> State {
        let mut state = State::start();
        state.round = board.round;
        state.players = board.players;
        state.buildings = board.cells;
        for m in &board.missiles {
            state.missiles[m.y as usize][m.x as usize][m.owner.index()] += 1;
        }
        state
    }

    fn round(board: &mut NaiveBoard, commands: [Command; 2]) {
        let round = board.round;
        // 1. Commands.
        for player in Player::BOTH {
            board.apply_command(player, commands[player.index()]);
        }
        // 2. Construction.
        for b in board.cells.iter_mut().flatten().flatten() {
            b.construction_time_left -= 1;
        }
        // 3. Iron curtains.
        for p in &mut board.players {
            if round != 0 && round.is_multiple_of(IRON_CURTAIN_RESET_PERIOD) {
                p.iron_curtain_available = true;
                p.active_iron_curtain_lifetime = p.active_iron_curtain_lifetime.max(0);
            }
            p.active_iron_curtain_lifetime -= 1;
        }
        let curtain = board.players.map(|p| p.active_iron_curtain_lifetime >= 0);
        // 4. Teslas.
        board.teslas(curtain);
        // 5. Attack towers.
        board.attack_towers_fire();
        // 6. Missiles.
        board.move_missiles(curtain);
        // 7. Destroyed buildings.
        for cell in board.cells.iter_mut().flatten() {
            if cell.is_some_and(|b| b.health <= 0) {
                *cell = None;
            }
        }
        // 8. Income.
        for player in Player::BOTH {
            let income = ROUND_INCOME
                + board
                    .buildings()
                    .filter(|(x, _, b)| {
                        owner_of(*x) == player
                            && b.kind == BuildingKind::Energy
                            && b.is_constructed()
                    })
                    .map(|(_, _, b)| b.kind.stats().energy_per_round)
                    .sum::<i32>();
            let p = &mut board.players[player.index()];
            p.energy += income;
            p.score += income;
        }
        board.round += 1;
    }

    fn round_number(board: &NaiveBoard) -> u32 {
        board.round
    }

    fn health(board: &NaiveBoard) -> [i32; 2] {
        board.players.map(|p| p.health)
    }

    fn score(board: &NaiveBoard) -> [i32; 2] {
        board.players.map(|p| p.score)
    }

    fn command_count(board: &NaiveBoard, player: Player) -> u32 {
        board.commands(player).len() as u32
    }

    fn nth_command(board: &NaiveBoard, player: Player, index: u32) -> Command {
        board
            .commands(player)
            .get(index as usize)
            .copied()
            .unwrap_or(Command::Nothing)
    }
}
