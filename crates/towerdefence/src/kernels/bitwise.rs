//! [`Bitwise`]: each player's half as `u64` bitboards in that player's own frame, so a round
//! costs a constant number of word operations whatever the number of pieces.
//!
//! Layout: bit `8 * y + x`, x counted from the player's back column (x = 0) to its front
//! column (x = 7); B's frame is the map mirrored (x' = 15 - x), so both players run the
//! same code. A missile leaving a player's front column enters the enemy's front column at
//! the same bit, in the enemy's frame.
//!
//! - Buildings: `occupied` (constructed or not), `constructed`, one board per kind, and
//!   health in four nested tiers (tier k holds the buildings with more than 5k health; a
//!   defence tower sets all four, the others tier 0). Damage of 5 clears the top set tier
//!   at the hit cells: `tier[k] &= !hit | tier[k + 1]`, so tier 0 alone says what stands.
//! - Attack towers sit in four groups by the round they fire next (group `round % 4` fires
//!   now and, after its cooldown of 3, fires again in four rounds: it never moves), so a
//!   whole group fires with one OR and cooldowns never need counting down.
//! - Construction: buildings finishing in round r wait in `pending[r % 4]` (construction
//!   takes 1 or 3 rounds); teslas (10 rounds, at most two a player) are kept as a short
//!   list with their placement round and cooldown, oldest first, as the engine fires them.
//! - Missiles: four nested tiers of counts (several missiles may share a cell), separately
//!   for the player's missiles in its own half (moving towards bit column 7: `<< 1` with
//!   the column mask `0x8080..80`) and in the enemy's half (in the enemy's frame, moving
//!   towards column 0: `>> 1` with `0x0101..01`, the ones in column 0 hitting the base).
//!   A new missile joins the lowest tier with room: `tier[k] |= tier[k - 1] & spawned`.
//!   [`State::validate`] shows why four tiers always suffice.
//! - Income is a popcount; a tesla's reach is a row band ANDed with a column mask, and the
//!   topmost target in each column is `targets & !(targets << 8) & !(targets << 16)`.
//! - A per-cell placement round, written only when a building is placed, gives each
//!   building's exact `constructionTimeLeft` when the board is stored back into a [`State`].

use bitgames_bitboard::gather::{BitGather, FastestGather};
use bitgames_bitboard::{Bitboard, TowerDefence};

use super::Simulation;
use crate::Command;
use crate::rules::{
    BASE_SCORE_MULTIPLIER, BuildingKind, DECONSTRUCT_REFUND, HALF_WIDTH,
    IRON_CURTAIN_ACTIVE_ROUNDS, IRON_CURTAIN_PRICE, IRON_CURTAIN_RESET_PERIOD, IRON_CURTAIN_SCORE,
    MAP_HEIGHT, MAX_TESLAS, MISSILE_DAMAGE, Player, ROUND_INCOME, TESLA_DAMAGE, TESLA_SHOT_ENERGY,
};
use crate::state::{Building, PlayerState, State};

bitgames_bitboard::strategy! {
    /// Bitboards per player half: a round is a fixed sequence of shifts, masks and popcounts.
    pub struct Bitwise: Bitwise, "bitwise", "u64 bitboards per half: health and missile tiers, attack \
         towers grouped by firing round, shifts with column masks, popcount income";
}

/// A player's back column (bit column 0 of its own frame).
pub(crate) const BACK_COLUMN: u64 = 0x0101_0101_0101_0101;
/// A player's front column (bit column 7 of its own frame).
const FRONT_COLUMN: u64 = 0x8080_8080_8080_8080;
/// Tiers of health (a defence tower absorbs four missiles) and of missile counts.
const TIERS: usize = 4;

const ATTACK_TIME: u32 = BuildingKind::Attack.stats().construction_time as u32;
const ENERGY_TIME: u32 = BuildingKind::Energy.stats().construction_time as u32;
const DEFENCE_TIME: u32 = BuildingKind::Defence.stats().construction_time as u32;
const TESLA_TIME: i32 = BuildingKind::Tesla.stats().construction_time;
const ATTACK_PERIOD: u32 = BuildingKind::Attack.stats().weapon_cooldown_period as u32 + 1;
const TESLA_COOLDOWN: i32 = BuildingKind::Tesla.stats().weapon_cooldown_period;
const ENERGY_INCOME: i32 = BuildingKind::Energy.stats().energy_per_round;
const TESLA_MULTIPLIER: i32 = BuildingKind::Tesla.stats().destroy_multiplier;
const _: () = assert!(ATTACK_PERIOD == 4 && ATTACK_TIME < 4 && ENERGY_TIME < 4 && DEFENCE_TIME < 4);

/// A tesla: its cell (own frame), the round it was placed (it works from round `placed +
/// 10`) and its cooldown.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
struct Tesla {
    bit: u8,
    placed: i16,
    cooldown: i8,
}

/// One player's half and numbers.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Side {
    energy: i32,
    health: i32,
    hits_taken: i32,
    score: i32,
    curtain_available: bool,
    curtain_lifetime: i32,
    occupied: u64,
    constructed: u64,
    energy_towers: u64,
    defence: u64,
    tesla: u64,
    /// Tier k: buildings with more than 5k health.
    hp: [u64; TIERS],
    /// Attack towers by firing round modulo 4.
    attack: [u64; 4],
    /// Buildings other than teslas finishing construction in round r, at r modulo 4.
    pending: [u64; 4],
    /// This player's missiles in its own half (own frame), tier k: more than k on the cell.
    own_missiles: [u64; TIERS],
    /// This player's missiles in the enemy's half (enemy frame).
    far_missiles: [u64; TIERS],
    /// Oldest first.
    teslas: [Tesla; MAX_TESLAS],
    tesla_count: u8,
    /// The round each cell's building was placed in (meaningful where `occupied`).
    placed: [i16; 64],
}

/// [`Bitwise`]'s board: the round and both players' halves.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BitwiseBoard {
    round: u32,
    sides: [Side; 2],
}

/// The board cell of own-frame bit `bit`, as (x, y) in the player's own frame.
#[inline(always)]
pub(crate) fn cell_of(bit: u32) -> (u8, u8) {
    ((bit & 7) as u8, (bit >> 3) as u8)
}

/// The `n`-th (0-based) set bit of `mask`; `n < mask.count_ones()`.
#[inline(always)]
fn nth_set_bit(mask: u64, n: u32) -> u32 {
    FastestGather::nth_set_bit(mask, n)
}

/// Adds one missile to nested count tiers at every cell of `spawned`.
#[inline(always)]
fn add_one(tiers: &mut [u64; TIERS], spawned: u64) {
    tiers[3] |= tiers[2] & spawned;
    tiers[2] |= tiers[1] & spawned;
    tiers[1] |= tiers[0] & spawned;
    tiers[0] |= spawned;
}

/// Removes one from nested count tiers at every cell of `hit` (each such cell has at least
/// one): the top set tier is cleared.
#[inline(always)]
fn remove_one(tiers: &mut [u64; TIERS], hit: u64) {
    tiers[0] &= !hit | tiers[1];
    tiers[1] &= !hit | tiers[2];
    tiers[2] &= !hit | tiers[3];
    tiers[3] &= !hit;
}

/// The enemy cells (enemy frame) a tesla on own-frame `bit` reaches: rows y-1..=y+1 and
/// the map columns x+1..=x+9 that lie in the enemy's half, which are enemy columns
/// 6-x..=7.
#[inline(always)]
fn tesla_reach(bit: u32) -> u64 {
    let (x, y) = (bit & 7, bit >> 3);
    let low_column = 6u32.saturating_sub(x);
    let columns = BACK_COLUMN * u64::from(0xffu8 << low_column);
    let rows = if y == 0 {
        0xffff
    } else {
        0x00ff_ffff_u64 << (8 * (y - 1))
    };
    columns & rows
}

impl Side {
    fn new(p: &PlayerState) -> Side {
        Side {
            energy: p.energy,
            health: p.health,
            hits_taken: p.hits_taken,
            score: p.score,
            curtain_available: p.iron_curtain_available,
            curtain_lifetime: p.active_iron_curtain_lifetime,
            occupied: 0,
            constructed: 0,
            energy_towers: 0,
            defence: 0,
            tesla: 0,
            hp: [0; TIERS],
            attack: [0; 4],
            pending: [0; 4],
            own_missiles: [0; TIERS],
            far_missiles: [0; TIERS],
            teslas: [Tesla::default(); MAX_TESLAS],
            tesla_count: 0,
            placed: [0; 64],
        }
    }

    fn player_state(&self) -> PlayerState {
        PlayerState {
            energy: self.energy,
            health: self.health,
            hits_taken: self.hits_taken,
            score: self.score,
            iron_curtain_available: self.curtain_available,
            active_iron_curtain_lifetime: self.curtain_lifetime,
        }
    }

    #[inline(always)]
    fn can_raise_curtain(&self) -> bool {
        self.curtain_available && self.energy >= IRON_CURTAIN_PRICE && self.curtain_lifetime < 1
    }

    #[inline(always)]
    fn can_build(&self, kind: BuildingKind) -> bool {
        self.energy >= kind.stats().price
            && (kind != BuildingKind::Tesla || (self.tesla_count as usize) < MAX_TESLAS)
    }

    /// Puts a building of `kind` on `bit` as placed in round `placed` (a tesla goes to the
    /// end of the list, so callers add teslas oldest first).
    fn put(&mut self, bit: u32, kind: BuildingKind, placed: i32, health_tiers: usize) {
        let mask = 1u64 << bit;
        self.occupied |= mask;
        self.placed[bit as usize] = placed as i16;
        for tier in &mut self.hp[..health_tiers] {
            *tier |= mask;
        }
        match kind {
            BuildingKind::Defence => self.defence |= mask,
            BuildingKind::Energy => self.energy_towers |= mask,
            BuildingKind::Tesla => {
                self.tesla |= mask;
                self.teslas[self.tesla_count as usize] = Tesla {
                    bit: bit as u8,
                    placed: placed as i16,
                    cooldown: 0,
                };
                self.tesla_count += 1;
            }
            BuildingKind::Attack => {}
        }
    }

    /// Removes whatever stands on the cells of `mask` from every board and the tesla list.
    fn clear(&mut self, mask: u64) {
        self.occupied &= !mask;
        self.constructed &= !mask;
        self.energy_towers &= !mask;
        self.defence &= !mask;
        for board in self.attack.iter_mut().chain(&mut self.pending) {
            *board &= !mask;
        }
        for tier in &mut self.hp {
            *tier &= !mask;
        }
        if self.tesla & mask != 0 {
            self.tesla &= !mask;
            let mut kept = 0;
            for i in 0..self.tesla_count as usize {
                if mask >> self.teslas[i].bit & 1 == 0 {
                    self.teslas[kept] = self.teslas[i];
                    kept += 1;
                }
            }
            self.tesla_count = kept as u8;
        }
    }

    /// Step 1 for this player in round `round`. An invalid command does nothing.
    #[inline]
    fn apply(&mut self, command: Command, round: u32) {
        match command {
            Command::Nothing => {}
            Command::Build { x, y, kind } => {
                let bit = u32::from(y) * 8 + u32::from(x);
                if self.occupied >> bit & 1 != 0 || !self.can_build(kind) {
                    return;
                }
                let stats = kind.stats();
                self.energy -= stats.price;
                self.score += stats.construction_score;
                let tiers = (stats.health / MISSILE_DAMAGE) as usize;
                self.put(bit, kind, round as i32, tiers);
                let mask = 1u64 << bit;
                let done = round + stats.construction_time as u32;
                match kind {
                    BuildingKind::Attack => {
                        self.attack[(done & 3) as usize] |= mask;
                        self.pending[(done & 3) as usize] |= mask;
                    }
                    BuildingKind::Energy | BuildingKind::Defence => {
                        self.pending[(done & 3) as usize] |= mask;
                    }
                    BuildingKind::Tesla => {}
                }
            }
            Command::Deconstruct { x, y } => {
                let mask = 1u64 << (u32::from(y) * 8 + u32::from(x));
                if self.occupied & mask != 0 {
                    self.clear(mask);
                    self.energy += DECONSTRUCT_REFUND;
                }
            }
            Command::IronCurtain => {
                if self.can_raise_curtain() {
                    self.energy -= IRON_CURTAIN_PRICE;
                    self.score += IRON_CURTAIN_SCORE;
                    self.curtain_available = false;
                    self.curtain_lifetime = IRON_CURTAIN_ACTIVE_ROUNDS;
                }
            }
        }
    }

    /// Step 2: what finishes this round starts working.
    #[inline(always)]
    fn construct(&mut self, round: u32) {
        let slot = (round & 3) as usize;
        self.constructed |= self.pending[slot];
        self.pending[slot] = 0;
        for t in &self.teslas[..self.tesla_count as usize] {
            if i32::from(t.placed) + TESLA_TIME == round as i32 {
                self.constructed |= 1 << t.bit;
            }
        }
    }

    /// Step 3.
    #[inline(always)]
    fn update_curtain(&mut self, round: u32) {
        if round != 0 && round.is_multiple_of(IRON_CURTAIN_RESET_PERIOD) {
            self.curtain_available = true;
            self.curtain_lifetime = self.curtain_lifetime.max(0);
        }
        self.curtain_lifetime -= 1;
    }

    /// `count` missiles (or a tesla, with `damage` 20) hit this base.
    #[inline(always)]
    fn base_hit(&mut self, hits: u32, damage: i32) -> i32 {
        let dealt = self.health.min(damage);
        self.health -= dealt;
        self.hits_taken += hits as i32;
        dealt * BASE_SCORE_MULTIPLIER
    }

    /// Step 7.
    #[inline(always)]
    fn remove_destroyed(&mut self) {
        let destroyed = self.occupied & !self.hp[0];
        if destroyed != 0 {
            self.clear(destroyed);
        }
    }

    /// Step 8.
    #[inline(always)]
    fn gain_energy(&mut self) {
        let income = ROUND_INCOME
            + ENERGY_INCOME * (self.energy_towers & self.constructed).count_ones() as i32;
        self.energy += income;
        self.score += income;
    }
}

/// A tesla of `attacker` on own-frame `bit` fires at `defender` (whose curtain is down).
fn tesla_fires(attacker: &mut Side, defender: &mut Side, bit: u32) {
    if bit & 7 == 7 {
        attacker.score += defender.base_hit(1, TESLA_DAMAGE);
    }
    let targets = defender.hp[0] & defender.constructed & tesla_reach(bit);
    let top = targets & !(targets << 8) & !(targets << 16);
    if top == 0 {
        return;
    }
    // Every building has at most 20 health: the shot destroys each target.
    let damage: i32 = defender
        .hp
        .iter()
        .map(|tier| (tier & top).count_ones() as i32 * MISSILE_DAMAGE)
        .sum();
    let teslas_hit = (top & defender.tesla).count_ones() as i32;
    attacker.score += damage + teslas_hit * MISSILE_DAMAGE * (TESLA_MULTIPLIER - 1);
    for tier in &mut defender.hp {
        *tier &= !top;
    }
}

/// Step 4 for `attacker`'s teslas (the list was fixed before any fired: a tesla destroyed
/// this round still fires).
fn teslas_fire(attacker: &mut Side, defender: &mut Side, round: u32, defender_curtain: bool) {
    for i in 0..attacker.tesla_count as usize {
        let t = attacker.teslas[i];
        if i32::from(t.placed) + TESLA_TIME > round as i32 {
            continue;
        }
        if attacker.energy >= TESLA_SHOT_ENERGY && t.cooldown == 0 {
            attacker.energy -= TESLA_SHOT_ENERGY;
            attacker.teslas[i].cooldown = TESLA_COOLDOWN as i8;
            if !defender_curtain {
                tesla_fires(attacker, defender, u32::from(t.bit));
            }
        } else if t.cooldown > 0 {
            attacker.teslas[i].cooldown -= 1;
        }
    }
}

/// One single step of `attacker`'s missiles against `defender`.
#[inline(always)]
fn missile_step(attacker: &mut Side, defender: &mut Side, defender_curtain: bool) {
    // Most of the time no cell holds two missiles of a player: then tiers 1..4 are empty
    // (the tiers are nested) and only tier 0 needs moving.
    if (attacker.own_missiles[1] | attacker.far_missiles[1]) == 0 {
        missile_step_tiers::<1>(attacker, defender, defender_curtain);
    } else {
        missile_step_tiers::<TIERS>(attacker, defender, defender_curtain);
    }
}

/// [`missile_step`] moving the lowest `DEPTH` tiers (the others are empty).
#[inline(always)]
fn missile_step_tiers<const DEPTH: usize>(
    attacker: &mut Side,
    defender: &mut Side,
    defender_curtain: bool,
) {
    let mut crossing = [0u64; DEPTH];
    let own = &mut attacker.own_missiles;
    for t in 0..DEPTH {
        crossing[t] = own[t] & FRONT_COLUMN;
        own[t] = (own[t] & !FRONT_COLUMN) << 1;
    }
    if defender_curtain {
        crossing = [0; DEPTH];
    }
    let far = &mut attacker.far_missiles;
    let mut hits = 0;
    for t in 0..DEPTH {
        hits += (far[t] & BACK_COLUMN).count_ones();
        far[t] = ((far[t] & !BACK_COLUMN) >> 1) | crossing[t];
    }
    if hits != 0 {
        attacker.score += defender.base_hit(hits, hits as i32 * MISSILE_DAMAGE);
    }
    let mut hit = far[0] & defender.hp[0] & defender.constructed;
    while hit != 0 {
        remove_one(far, hit);
        remove_one(&mut defender.hp, hit);
        attacker.score += MISSILE_DAMAGE
            * (hit.count_ones()
                + (TESLA_MULTIPLIER - 1) as u32 * (hit & defender.tesla).count_ones())
                as i32;
        hit = far[0] & defender.hp[0] & defender.constructed;
    }
}

/// What a player has and can build now ([`BitwiseBoard::build_options`]): what a playout
/// policy or an opening needs to choose a build without listing every valid command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuildOptions {
    /// The empty cells of the player's half, own frame.
    pub empty: Bitboard<TowerDefence>,
    /// Per kind, in [`BuildingKind::ALL`]'s order: whether the player can build one now
    /// (it has the energy and, for teslas, fewer than two).
    pub kinds: [bool; 4],
    /// Whether the player can raise the iron curtain now.
    pub curtain: bool,
    /// Energy in store.
    pub energy: i32,
    /// Energy the player will earn this round: the base income plus its constructed
    /// energy buildings'.
    pub income: i32,
}

impl BuildOptions {
    /// Whether the player can build a `kind` now.
    pub fn can_build(&self, kind: BuildingKind) -> bool {
        BuildingKind::ALL
            .iter()
            .zip(self.kinds)
            .any(|(&k, can)| k == kind && can)
    }
}

impl BitwiseBoard {
    /// What `player` has and can build. The builds of the canonical command order (see
    /// [`Simulation`]) are exactly `kinds` over `empty`.
    pub fn build_options(&self, player: Player) -> BuildOptions {
        let side = &self.sides[player.index()];
        BuildOptions {
            empty: Bitboard::from_bits_truncate(!side.occupied),
            kinds: BuildingKind::ALL.map(|kind| side.can_build(kind)),
            curtain: side.can_raise_curtain(),
            energy: side.energy,
            income: ROUND_INCOME
                + ENERGY_INCOME * (side.energy_towers & side.constructed).count_ones() as i32,
        }
    }

    /// The cells (own frame) holding `player`'s buildings, constructed or not.
    pub fn occupied(&self, player: Player) -> Bitboard<TowerDefence> {
        Bitboard::from_bits_truncate(self.sides[player.index()].occupied)
    }

    /// The cells (own frame) of `player`'s constructed buildings.
    pub fn constructed(&self, player: Player) -> Bitboard<TowerDefence> {
        Bitboard::from_bits_truncate(self.sides[player.index()].constructed)
    }

    /// `player`'s missile count tiers: those in its own half (own frame) and those in the
    /// enemy's half (enemy frame); tier k holds the cells with more than k missiles.
    pub fn missile_tiers(
        &self,
        player: Player,
    ) -> (
        [Bitboard<TowerDefence>; TIERS],
        [Bitboard<TowerDefence>; TIERS],
    ) {
        let side = &self.sides[player.index()];
        (
            side.own_missiles.map(Bitboard::from_bits_truncate),
            side.far_missiles.map(Bitboard::from_bits_truncate),
        )
    }
}

impl Simulation for Bitwise {
    type Board = BitwiseBoard;

    fn load(state: &State) -> BitwiseBoard {
        let round = state.round;
        let mut sides = state.players.map(|p| Side::new(&p));
        let mut teslas: Vec<(i32, Player, u32, i32)> = Vec::new();
        for (x, y, b) in state.buildings() {
            let owner = Player::owning(x);
            let side = &mut sides[owner.index()];
            let bit = u32::from(y) * 8 + u32::from(owner.map_x(x));
            let mask = 1u64 << bit;
            let stats = b.kind.stats();
            let placed = round as i32 - stats.construction_time + b.construction_time_left;
            if b.kind == BuildingKind::Tesla {
                teslas.push((placed, owner, bit, b.weapon_cooldown_time_left));
            } else {
                side.put(bit, b.kind, placed, (b.health / MISSILE_DAMAGE) as usize);
            }
            if b.is_constructed() {
                side.constructed |= mask;
            } else if b.kind != BuildingKind::Tesla {
                let done = round as i32 + b.construction_time_left;
                side.pending[(done & 3) as usize] |= mask;
            }
            if b.kind == BuildingKind::Attack {
                let fires = round + b.weapon_cooldown_time_left as u32;
                side.attack[(fires & 3) as usize] |= mask;
            }
        }
        teslas.sort_by_key(|&(placed, ..)| placed);
        for (placed, owner, bit, cooldown) in teslas {
            let side = &mut sides[owner.index()];
            side.put(bit, BuildingKind::Tesla, placed, 1);
            side.teslas[side.tesla_count as usize - 1].cooldown = cooldown as i8;
        }
        for y in 0..MAP_HEIGHT {
            for x in 0..2 * HALF_WIDTH {
                for owner in Player::BOTH {
                    let count = state.missiles(x, y, owner);
                    let own_x = owner.map_x(x);
                    let side = &mut sides[owner.index()];
                    let (tiers, bit) = if own_x < HALF_WIDTH {
                        (&mut side.own_missiles, u32::from(y) * 8 + u32::from(own_x))
                    } else {
                        let enemy_x = owner.other().map_x(x);
                        (
                            &mut side.far_missiles,
                            u32::from(y) * 8 + u32::from(enemy_x),
                        )
                    };
                    for _ in 0..count {
                        add_one(tiers, 1 << bit);
                    }
                }
            }
        }
        BitwiseBoard { round, sides }
    }

    fn store(board: &BitwiseBoard) -> State {
        let mut state = State::start();
        state.round = board.round;
        for owner in Player::BOTH {
            let side = &board.sides[owner.index()];
            state.players[owner.index()] = side.player_state();
            let mut occupied = side.occupied;
            while occupied != 0 {
                let bit = occupied.trailing_zeros();
                occupied &= occupied - 1;
                let mask = 1u64 << bit;
                let kind = if side.defence & mask != 0 {
                    BuildingKind::Defence
                } else if side.energy_towers & mask != 0 {
                    BuildingKind::Energy
                } else if side.tesla & mask != 0 {
                    BuildingKind::Tesla
                } else {
                    BuildingKind::Attack
                };
                let stats = kind.stats();
                let health =
                    side.hp.iter().filter(|t| *t & mask != 0).count() as i32 * MISSILE_DAMAGE;
                let construction_time_left = stats.construction_time
                    - (board.round as i32 - i32::from(side.placed[bit as usize]));
                let weapon_cooldown_time_left = match kind {
                    BuildingKind::Attack => {
                        let slot = side.attack.iter().position(|g| g & mask != 0).unwrap_or(0);
                        (slot as u32 + 4 - (board.round & 3)) as i32 & 3
                    }
                    BuildingKind::Tesla => side.teslas[..side.tesla_count as usize]
                        .iter()
                        .find(|t| u32::from(t.bit) == bit)
                        .map_or(0, |t| i32::from(t.cooldown)),
                    BuildingKind::Defence | BuildingKind::Energy => 0,
                };
                let (x, y) = cell_of(bit);
                state.buildings[y as usize][owner.map_x(x) as usize] = Some(Building {
                    kind,
                    health,
                    construction_time_left,
                    weapon_cooldown_time_left,
                });
            }
            for (tiers, frame) in [
                (&side.own_missiles, owner),
                (&side.far_missiles, owner.other()),
            ] {
                for tier in tiers {
                    let mut cells = *tier;
                    while cells != 0 {
                        let (x, y) = cell_of(cells.trailing_zeros());
                        cells &= cells - 1;
                        state.missiles[y as usize][frame.map_x(x) as usize][owner.index()] += 1;
                    }
                }
            }
        }
        state
    }

    #[inline]
    fn round(board: &mut BitwiseBoard, commands: [Command; 2]) {
        let round = board.round;
        let [a, b] = &mut board.sides;
        a.apply(commands[0], round);
        b.apply(commands[1], round);
        a.construct(round);
        b.construct(round);
        a.update_curtain(round);
        b.update_curtain(round);
        let curtain = [a.curtain_lifetime >= 0, b.curtain_lifetime >= 0];
        if a.tesla_count | b.tesla_count != 0 {
            teslas_fire(a, b, round, curtain[1]);
            teslas_fire(b, a, round, curtain[0]);
        }
        let slot = (round & 3) as usize;
        add_one(&mut a.own_missiles, a.attack[slot]);
        add_one(&mut b.own_missiles, b.attack[slot]);
        for _ in 0..2 {
            missile_step(a, b, curtain[1]);
            missile_step(b, a, curtain[0]);
        }
        a.remove_destroyed();
        b.remove_destroyed();
        a.gain_energy();
        b.gain_energy();
        board.round = round + 1;
    }

    #[inline(always)]
    fn round_number(board: &BitwiseBoard) -> u32 {
        board.round
    }

    #[inline(always)]
    fn health(board: &BitwiseBoard) -> [i32; 2] {
        [board.sides[0].health, board.sides[1].health]
    }

    #[inline(always)]
    fn score(board: &BitwiseBoard) -> [i32; 2] {
        [board.sides[0].score, board.sides[1].score]
    }

    #[inline]
    fn command_count(board: &BitwiseBoard, player: Player) -> u32 {
        Menu::of(&board.sides[player.index()]).count
    }

    #[inline]
    fn nth_command(board: &BitwiseBoard, player: Player, index: u32) -> Command {
        Menu::of(&board.sides[player.index()]).nth(index)
    }

    #[inline]
    fn random_command<R: rand::Rng + ?Sized>(
        board: &BitwiseBoard,
        player: Player,
        rng: &mut R,
    ) -> Command {
        use rand::RngExt;
        let menu = Menu::of(&board.sides[player.index()]);
        menu.nth(rng.random_range(0..menu.count))
    }
}

/// A player's valid commands, counted once and decoded by index in the canonical order.
struct Menu {
    empty: u64,
    occupied: u64,
    /// Affordable kinds in order (defence, attack, energy, tesla), as a bit set.
    kinds: u8,
    empties: u32,
    occupied_count: u32,
    count: u32,
}

impl Menu {
    #[inline(always)]
    fn of(side: &Side) -> Menu {
        let mut kinds = 0u8;
        for (i, kind) in BuildingKind::ALL.into_iter().enumerate() {
            kinds |= u8::from(side.can_build(kind)) << i;
        }
        let empty = !side.occupied;
        let empties = empty.count_ones();
        let occupied_count = side.occupied.count_ones();
        Menu {
            empty,
            occupied: side.occupied,
            kinds,
            empties,
            occupied_count,
            count: 1
                + empties * kinds.count_ones()
                + occupied_count
                + u32::from(side.can_raise_curtain()),
        }
    }

    #[inline(always)]
    fn nth(&self, index: u32) -> Command {
        let Some(mut i) = index.checked_sub(1) else {
            return Command::Nothing;
        };
        let builds = self.empties * self.kinds.count_ones();
        if i < builds {
            // The (i / empties)-th affordable kind, on the (i % empties)-th empty cell.
            let mut kinds = self.kinds;
            for _ in 0..i / self.empties {
                kinds &= kinds - 1;
            }
            let kind = BuildingKind::ALL[kinds.trailing_zeros() as usize & 3];
            let (x, y) = cell_of(nth_set_bit(self.empty, i % self.empties));
            return Command::Build { x, y, kind };
        }
        i -= builds;
        if i < self.occupied_count {
            let (x, y) = cell_of(nth_set_bit(self.occupied, i));
            return Command::Deconstruct { x, y };
        }
        if i == self.occupied_count && index < self.count {
            Command::IronCurtain
        } else {
            Command::Nothing
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tesla_reach_is_the_rows_around_and_the_columns_within_nine() {
        // Own-frame (x, y) -> map columns x+1..=x+9 in the enemy half (map x 8..15 is enemy
        // column 15-x), rows y-1..=y+1.
        for bit in 0..64 {
            let (x, y) = (bit % 8, bit / 8);
            let mut expected = 0u64;
            for enemy_y in 0..8i32 {
                for enemy_x in 0..8i32 {
                    let map_x = 15 - enemy_x;
                    if (enemy_y - y as i32).abs() <= 1 && map_x > x as i32 && map_x <= x as i32 + 9
                    {
                        expected |= 1 << (enemy_y * 8 + enemy_x);
                    }
                }
            }
            assert_eq!(tesla_reach(bit), expected, "tesla at ({x},{y})");
        }
    }
}
