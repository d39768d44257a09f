//! Position notation, shared with the santorini-ai engine:
//! `<25 heights A5..E1>/<side to move 1|2>/<god>:<sq>,<sq>/<god>:<sq>,<sq>`.
//!
//! Heights are digits 0-4 for A5, B5, .., E5, A4, .., E1 (4 is a dome). Player 1's part
//! comes first: its god's name (`mortal` for the base game; see [`God`]), its god flag in
//! brackets (`athena[^]`: she moved up on her last turn; `nike[^]`: she moved down;
//! `polyphemus[x]`: he has used his domes; `achilles[x]`, `bellerophon[x]`: he has used his
//! power; `theseus[x]`: he has removed a worker; `jason[x]`: he has placed his new worker)
//! or its token's square in brackets (`europa[D4]`: her Talus stands on D4; no worker and no
//! dome may share its square; `selene[B3]`: her female worker stands on B3, one of her
//! workers; `clio[1|C4,D2]`: Clio has one coin left and coins on C4 and D2, on blocks and
//! under no opponent worker, no more than she has used), then its workers. A side that has not placed its workers yet
//! writes its god with no squares, as does a side whose workers Medusa or Theseus removed
//! (once something is built a side may have two workers, one or none, Jason three once his
//! power is spent and Hydra up to eleven; before that, two or none, Graeae three or none).
//! `#` before a god marks the
//! winner; santorini-ai's older `-` before a god sets the other player's Athena flag (each
//! marker at most once, in either order: `#-mortal`). A god's name is letters and digits only (`apollov2`), matched
//! case-insensitively: a marker anywhere else is an error ([`Error::GodName`]).
//!
//! Without `#`, a worker of the player who just moved standing on level 3 says the game was
//! won (the base game's notation has no other way), unless a player is Apollo or Minotaur,
//! who can put an opponent's worker on level 3 without a win, Hera, whose opponent can
//! climb to a perimeter level 3 without a win, Pegasus, who can jump onto level 3 from
//! below level 2 without a win, Zeus, who can build himself up onto level 3 without a win,
//! Hydra, whose new worker may stand on level 3 without a win, Proteus, or Castor, whose
//! worker may stay on level 3 while both build or move onto another level 3 as both move.

use core::fmt;
use core::str::FromStr;

use bitgames_search::Player;

use crate::position::{Coins, Token};
use crate::{
    Bitboard, Error, God, Kernels, Levels, MORPHEUS_MOST_BLOCKS, Move, Position, Square,
    SquareError,
};

impl<S: Kernels> FromStr for Position<S> {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Error> {
        parse_position(text, None)
    }
}

impl Position {
    /// The position `text` with `gods` (player 1's first) written in place of the gods it
    /// names: exactly what parsing the text with those names in it gives. Each player's
    /// markers stay with the new god (`#`, `athena[^]`, santorini-ai's `-`), so `[^]` is
    /// refused unless that player is Athena or Nike under `gods` (`[x]` unless Polyphemus, Achilles or Bellerophon; a token's square unless Europa, Selene or Hippolyta), and a win the text leaves
    /// implicit (a worker of the player who just moved on level 3) is decided under
    /// `gods`: Apollo and Minotaur can put an opponent there without a win. The gods the
    /// text names must still be gods.
    ///
    /// [`Position::with_gods`] instead changes the gods of a position already read, whose
    /// winner is settled, and clears Athena's flags. For another strategy, follow with
    /// [`Position::with_strategy`].
    pub fn parse_with_gods(text: &str, gods: [God; 2]) -> Result<Self, Error> {
        parse_position(text, Some(gods))
    }
}

/// Reads `text`, with `gods` in place of the gods it names when given.
fn parse_position<S: Kernels>(text: &str, gods: Option<[God; 2]>) -> Result<Position<S>, Error> {
    let parts: Vec<&str> = text.trim().split('/').collect();
    let &[heights, side, first, second] = parts.as_slice() else {
        return Err(Error::PartCount {
            text: text.to_owned(),
            found: parts.len(),
        });
    };
    let levels = parse_heights(heights)?;
    let side = match side {
        "1" => Player::First,
        "2" => Player::Second,
        _ => return Err(Error::SideToMove(side.to_owned())),
    };
    let players = [
        parse_player(1, first, gods.map(|g| g[0]))?,
        parse_player(2, second, gods.map(|g| g[1]))?,
    ];
    let workers = [players[0].workers, players[1].workers];
    let gods = [players[0].god, players[1].god];
    let tokens = [players[0].token, players[1].token];
    God::check_matchup(gods)?;
    if players[0].winner && players[1].winner {
        return Err(Error::SetUp("both players are marked as the winner (#)"));
    }

    let domes = levels.domes();
    if let Some(square) = (workers[0] & workers[1]).first() {
        return Err(Error::SharedSquare { square });
    }
    if let Some(square) = ((workers[0] | workers[1]) & domes).first() {
        return Err(Error::WorkerOnDome { square });
    }
    // Europa's Talus goes only where no worker and no dome stands, and then no worker may
    // enter its square nor anyone build there, so none can share it later. Selene's and
    // Hippolyta's token marks one of her own workers. (Aeolus's wind is a direction, kept
    // as a square next to C3, and stands on no square.)
    let talus = |player: usize| tokens[player].filter(|_| gods[player] == God::Europa);
    for player in 0..2 {
        if let Some(square) = tokens[player]
            && gods[player].has_female_worker()
            && !workers[player].contains(square)
        {
            return Err(Error::FemaleWorker {
                player: player as u8 + 1,
                square,
            });
        }
        if let Some(square) = talus(player)
            && ((workers[0] | workers[1] | domes).contains(square)
                || talus(1 - player) == Some(square))
        {
            return Err(Error::TokenSquare {
                player: player as u8 + 1,
                square,
            });
        }
    }
    // Set-up lasts while nothing is built: each side then has placed all its workers (three
    // for Graeae, two otherwise) or none, player 1 first. After the first build a side may
    // have fewer (Medusa's and Theseus's victims), down to none, whoever is to move.
    let built = levels.at(0) != Bitboard::FULL;
    // (Selene's and Hippolyta's female worker is set as she places her workers.)
    let talus = [0, 1].map(|p| tokens[p].filter(|_| !gods[p].has_female_worker()));
    if !built && workers.iter().any(|w| w.is_empty()) && talus.iter().any(Option::is_some) {
        return Err(Error::SetUp("a token is placed only after set-up"));
    }
    // Clio's coins lie on blocks she built (never level 0: no one else builds on a coin,
    // nor removes its blocks), and no opponent worker may enter a coin's square.
    for player in 0..2 {
        let coins = players[player].coins;
        if coins.used() > 0 && !built {
            return Err(Error::SetUp("clio uses coins only once she has built"));
        }
        if let Some(square) = coins
            .squares()
            .iter()
            .find(|&square| levels.level(square) == 0 || workers[1 - player].contains(square))
        {
            return Err(Error::CoinSquare {
                player: player as u8 + 1,
                square,
            });
        }
    }
    // Morpheus gains his first block on his first turn, after set-up.
    if workers.iter().any(|w| w.is_empty()) && !built && players.iter().any(|p| p.card > 0) {
        return Err(Error::SetUp(
            "blocks are on morpheus's card only once both sides have placed their workers",
        ));
    }
    if !built
        && let Some(player) =
            (0..2).find(|&p| !workers[p].is_empty() && workers[p].len() != gods[p].workers())
    {
        return Err(Error::WorkerCount {
            player: player as u8 + 1,
            found: workers[player].len(),
        });
    }
    // Against Bia as player 2 the order is hers first (`God::first_to_place`), and the text
    // then writes the side as the player who does not place next, as santorini-ai does.
    let bia_first = God::first_to_place(gods) == Player::Second;
    let side = if !built && bia_first && (workers[0].is_empty() || workers[1].is_empty()) {
        side.other()
    } else {
        side
    };
    match (workers[0].is_empty(), workers[1].is_empty(), side) {
        _ if built => {}
        (true, false, _) if !bia_first => {
            return Err(Error::SetUp("player 2 has placed workers before player 1"));
        }
        (false, true, _) if bia_first => {
            return Err(Error::SetUp(
                "player 1 has placed workers before player 2, who places first as Bia",
            ));
        }
        (true, true, Player::Second) if !bia_first => {
            return Err(Error::SetUp("player 1 places first"));
        }
        (true, true, Player::First) if bia_first => {
            return Err(Error::SetUp(
                "player 2 places first as Bia (written as player 1 to move, as santorini-ai writes it)",
            ));
        }
        (false, true, Player::First) if !bia_first => {
            return Err(Error::SetUp(
                "player 2 has yet to place workers, so it is player 2's turn",
            ));
        }
        (true, false, Player::Second) if bia_first => {
            return Err(Error::SetUp(
                "player 1 has yet to place workers, so it is player 1's turn (written as player 2 to move, as santorini-ai writes it)",
            ));
        }
        _ => {}
    }
    // A worker of the player who just moved standing on level 3 got there by the
    // winning move: the notation has no other way to say the game is over. Not so where a
    // god may put or leave a worker there without a win (the Stymphalians' steps along
    // level 3): then only the `#` says it.
    let just_moved = side.other();
    let displacing = [
        God::Apollo,
        God::ApolloV2,
        God::CharonV2,
        God::Charon,
        God::Minotaur,
        God::Hera,
        God::Pegasus,
        God::Zeus,
        God::Hydra,
        God::Proteus,
        God::Castor,
        God::Stymphalians,
    ]
    .iter()
    .any(|god| gods.contains(god));
    let marked = [Player::First, Player::Second]
        .into_iter()
        .find(|p| players[p.index()].winner);
    let winner = marked.or_else(|| {
        (!displacing && (workers[just_moved.index()] & levels.at(3)).any()).then_some(just_moved)
    });
    let mut position = Position::from_parts(levels, workers, side, winner);
    position.gods = gods;
    // The god flag: the player's own `[^]` or `[x]`, or for Athena santorini-ai's `-` on
    // her opponent's part.
    position.god_flag = [
        players[0].god_flag || (gods[0] == God::Athena && players[1].holds_down),
        players[1].god_flag || (gods[1] == God::Athena && players[0].holds_down),
    ];
    position.token = [0, 1].map(|p| match gods[p] {
        God::Morpheus => Token::card(players[p].card),
        _ => Token::new(tokens[p]),
    });
    position.coins = [players[0].coins, players[1].coins];
    position.hash = position.recompute_hash();
    Ok(position)
}

fn parse_heights(text: &str) -> Result<Levels, Error> {
    let count = text.chars().count();
    if count != 25 {
        return Err(Error::HeightsLength {
            text: text.to_owned(),
            found: count,
        });
    }
    let mut grid = [0; 25];
    for (index, c) in text.chars().enumerate() {
        grid[index] = match c.to_digit(10) {
            Some(height @ 0..=4) => height as u8,
            _ => {
                return Err(Error::BadHeight {
                    square: Square::from_index(index).expect("the length was checked"),
                    found: c,
                });
            }
        };
    }
    Ok(Levels::from_grid(&grid))
}

/// One player's part of the notation.
struct PlayerPart {
    god: God,
    workers: Bitboard,
    /// `#`: this player has won.
    winner: bool,
    /// The god flag: `athena[^]` (Athena moved up on her last turn), `nike[^]` (Nike moved
    /// down), `polyphemus[x]` (Polyphemus has used his domes), `achilles[x]` (Achilles has
    /// used his power), `bellerophon[x]` (Bellerophon has), `theseus[x]` (Theseus has
    /// removed a worker), `jason[x]` (Jason has placed his new worker).
    god_flag: bool,
    /// `-`: santorini-ai's older mark that the other player's Athena moved up.
    holds_down: bool,
    /// `europa[D4]`: the square of the god's token.
    token: Option<Square>,
    /// `morpheus[3]`: the blocks on Morpheus's card.
    card: u8,
    /// `clio[1|C4,D2]`: Clio's coins.
    coins: Coins,
}

/// Reads one player's part, `[#][-]<god>[[^]|[x]][:<square>,<square>]`, with `god` in place
/// of the god it names when given. The markers come before the name, each at most once and
/// in either order; the name itself is letters and digits only (`apollov2`).
fn parse_player(player: u8, text: &str, god: Option<God>) -> Result<PlayerPart, Error> {
    let (head, squares) = match text.split_once(':') {
        Some((head, squares)) => (head, Some(squares)),
        None => (text, None),
    };
    let (mut winner, mut holds_down, mut head) = (false, false, head);
    loop {
        if let Some(rest) = head.strip_prefix('#').filter(|_| !winner) {
            (winner, head) = (true, rest);
        } else if let Some(rest) = head.strip_prefix('-').filter(|_| !holds_down) {
            (holds_down, head) = (true, rest);
        } else {
            break;
        }
    }
    let (name, state) = match head.split_once('[') {
        Some((name, state)) => match state.strip_suffix(']') {
            Some(state) => (name, Some(state)),
            None => {
                return Err(Error::WorkerList {
                    player,
                    text: text.to_owned(),
                });
            }
        },
        None => (head, None),
    };
    if name.is_empty() {
        return Err(Error::WorkerList {
            player,
            text: text.to_owned(),
        });
    }
    if !name.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(Error::GodName {
            player,
            name: name.to_owned(),
        });
    }
    let named: God = name.parse()?;
    let god = god.unwrap_or(named);
    // The god flag: Athena's and Nike's `[^]`, a once-a-game power's `[x]` (santorini-ai's,
    // either case), or Europa's token square or Selene's or Hippolyta's female worker's; a
    // state of another god, or another state, cannot arise.
    let mut token = None;
    let mut card = 0;
    let mut coins = Coins::NONE;
    let god_flag = match (god, state) {
        (_, None | Some("")) => false,
        // Clio's coins, santorini-ai's `clio[1|C4,D2]`: the coins she has left (0 to 3),
        // then the squares of those on the board, at most as many as she has used.
        (God::Clio, Some(state)) => {
            coins = parse_coins(state).ok_or_else(|| Error::GodState {
                player,
                god,
                text: text.to_owned(),
            })?;
            false
        }
        // Morpheus's card: a decimal count up to the cap (santorini-ai writes any u32; a
        // count above ours cannot be told from it in play, but is refused rather than
        // read as another).
        (God::Morpheus, Some(count)) => {
            card = count
                .parse::<u8>()
                .ok()
                .filter(|&n| n <= MORPHEUS_MOST_BLOCKS && count.bytes().all(|b| b.is_ascii_digit()))
                .ok_or_else(|| Error::GodState {
                    player,
                    god,
                    text: text.to_owned(),
                })?;
            false
        }
        // Aeolus's wind, santorini-ai's `aeolus[n]` (either case).
        (God::Aeolus, Some(wind)) => {
            token = Some(Move::wind_named(wind).ok_or_else(|| Error::GodState {
                player,
                god,
                text: text.to_owned(),
            })?);
            false
        }
        (god, Some(square)) if god.has_token() => {
            token = Some(square.parse::<Square>().map_err(|_| Error::GodState {
                player,
                god,
                text: text.to_owned(),
            })?);
            false
        }
        (God::Athena | God::Nike, Some("^")) => true,
        (god, Some("x" | "X")) if god.has_once_a_game_power() => true,
        (god, Some(_)) => {
            return Err(Error::GodState {
                player,
                god,
                text: text.to_owned(),
            });
        }
    };
    let workers = parse_workers(player, squares, god.most_workers())?;
    // Jason's third worker is his new one: his power is spent (santorini-ai's `jason[x]`).
    // (Hydra's workers come and go with no flag.)
    if god.has_once_a_game_power() && workers.len() > god.workers() && !god_flag {
        return Err(Error::WorkerCount {
            player,
            found: workers.len(),
        });
    }
    Ok(PlayerPart {
        god,
        workers,
        winner,
        god_flag,
        holds_down,
        token,
        card,
        coins,
    })
}

/// Reads Clio's coins, `<coins left 0-3>|<squares, comma-separated>` (santorini-ai's
/// `clio.rs`), or `None` if malformed: a count that is not one digit up to 3, a square
/// that is not one or named twice, or more coins on the board than she has used.
fn parse_coins(state: &str) -> Option<Coins> {
    let (left, squares) = state.split_once('|')?;
    let left = match left.as_bytes() {
        [digit @ b'0'..=b'3'] => digit - b'0',
        _ => return None,
    };
    let used = Coins::MOST - left;
    let mut bits = 0u32;
    if !squares.is_empty() {
        for name in squares.split(',') {
            let square: Square = name.parse().ok()?;
            let bit = 1u32 << square.index();
            if bits & bit != 0 {
                return None;
            }
            bits |= bit;
        }
    }
    (bits.count_ones() <= u32::from(used)).then(|| Coins::new(bits, used))
}

/// Reads a side's worker squares: at most `most` of them (three for Graeae and Jason, eleven
/// for Hydra, two otherwise).
fn parse_workers(player: u8, squares: Option<&str>, most: usize) -> Result<Bitboard, Error> {
    let squares = match squares {
        None | Some("") => return Ok(Bitboard::EMPTY),
        Some(squares) => squares,
    };
    let mut workers = Bitboard::EMPTY;
    for (found, name) in squares.split(',').enumerate() {
        if found == most {
            // Refused before reading on: a long list costs no more than `most` squares.
            return Err(Error::WorkerCount {
                player,
                found: squares.split(',').count(),
            });
        }
        let square: Square = name.parse().map_err(|source| Error::WorkerSquare {
            player,
            source: SquareError::from(source),
        })?;
        if workers.contains(square) {
            return Err(Error::SharedSquare { square });
        }
        workers = workers.with(square);
    }
    Ok(workers)
}

impl<S: Kernels> fmt::Display for Position<S> {
    /// The notation string; with `{:#}`, a drawing of the board with coordinates, heights
    /// (`4` a dome) and workers (`X` player 1, `O` player 2), then the notation string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            writeln!(f, "    A  B  C  D  E")?;
            for row in 0..5 {
                write!(f, "{}  ", 5 - row)?;
                for col in 0..5 {
                    let square = Square::new(row, col).expect("inside the 5x5 board");
                    let worker = match self.worker_at(square) {
                        Some(Player::First) => 'X',
                        Some(Player::Second) => 'O',
                        None => ' ',
                    };
                    write!(f, " {}{worker}", self.height(square))?;
                }
                writeln!(f)?;
            }
            let status = match self.winner {
                Some(winner) => format!("player {} has won", winner.index() + 1),
                None => format!("player {} to move", self.side.index() + 1),
            };
            writeln!(f, "{status}")?;
        }
        for square in Square::all() {
            write!(f, "{}", self.height(square))?;
        }
        // Set-up in Bia's order writes the player who does not place next (santorini-ai's).
        let written_side = if self.in_set_up_after_bia() {
            self.side.other()
        } else {
            self.side
        };
        write!(f, "/{}", written_side.index() + 1)?;
        for player in [Player::First, Player::Second] {
            let winner = if self.winner == Some(player) { "#" } else { "" };
            let state = match (self.god_flag[player.index()], self.gods[player.index()]) {
                (false, _) => "",
                (true, god) if god.has_once_a_game_power() => "[x]",
                (true, _) => "[^]",
            };
            write!(f, "/{winner}{}{state}", self.gods[player.index()])?;
            if let Some(square) = self.token(player) {
                match Move::wind_name(square) {
                    Some(wind) if self.gods[player.index()] == God::Aeolus => {
                        write!(f, "[{wind}]")?
                    }
                    _ => write!(f, "[{square}]")?,
                }
            }
            // Clio's coins once she has used one, as santorini-ai writes them (`clio[1|C4,D2]`:
            // one coin left, coins on C4 and D2).
            let coins = self.coins[player.index()];
            if self.gods[player.index()] == God::Clio && coins != Coins::NONE {
                write!(f, "[{}|", Coins::MOST - coins.used())?;
                for (i, square) in coins.squares().iter().enumerate() {
                    write!(f, "{}{square}", if i == 0 { "" } else { "," })?;
                }
                write!(f, "]")?;
            }
            // Morpheus's card, always written, as santorini-ai writes it (`morpheus[0]`).
            if self.gods[player.index()] == God::Morpheus {
                write!(f, "[{}]", self.card(player))?;
            }
            for (i, square) in self.workers[player.index()].iter().enumerate() {
                write!(f, "{}{square}", if i == 0 { ':' } else { ',' })?;
            }
        }
        Ok(())
    }
}

impl<S: Kernels> fmt::Debug for Position<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position<{}>({self})", S::NAME)
    }
}
