//! The match referee against scripted fake engines (tests/engines/, Python 3): for each
//! protocol, a correct engine plays whole games, and an engine that crashes, hangs, plays
//! an illegal move or answers nonsense forfeits with that reason; a hung engine is killed
//! (its process is gone) and the game ends within a few seconds.

mod support;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use bitgames::search::engine::EngineKind;
use bitgames::search::{Outcome, Player};
use bitgames::{AnyPosition, GameName};
use bitgames_arena::player::{Clock, EngineSpec, EntelectBot};
use bitgames_arena::referee::towerdefence::play_towerdefence_game;
use bitgames_arena::referee::{
    Forfeit, MatchConfig, MatchSummary, PlayedGame, RefereedGame, Side, Thinking, opening,
    othello_book_openings, play_board_game,
};

use support::{entelect_script_dir, scratch};

fn engines_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines")
}

/// `PROTOCOL:python3 -B tests/engines/SCRIPT MODE PIDFILE` and the pid file.
fn fake(protocol: &str, script: &str, mode: &str, dir: &Path) -> (EngineSpec, PathBuf) {
    let pid_file = dir.join(format!("{script}.{mode}.pid"));
    let spec = format!(
        "{protocol}:python3 -B '{}' {mode} '{}'",
        engines_dir().join(script).display(),
        pid_file.display()
    );
    (spec.parse().expect("a valid spec"), pid_file)
}

fn config(a: EngineSpec, b: EngineSpec) -> MatchConfig {
    MatchConfig {
        a,
        b,
        strategies: [None, None],
        clock: Clock {
            per_move: Duration::from_millis(100),
            grace: Duration::from_millis(400),
            startup: Duration::from_secs(20),
            nboard_depth: 4,
        },
        seed: 7,
        opening_plies: 4,
    }
}

/// Whether process `pid` still exists (`kill -0`).
fn alive(pid: u32) -> bool {
    std::process::Command::new("kill")
        .args(["-0", &pid.to_string()])
        .stderr(std::process::Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}

fn read_pid(file: &Path) -> u32 {
    let text = std::fs::read_to_string(file).expect("the fake wrote its pid");
    text.trim().parse().expect("a pid")
}

/// Replays a refereed game with our rules: every move legal, the outcome as recorded.
fn replay(game: &RefereedGame) -> AnyPosition {
    game.moves.iter().fold(game.root, |position, &mv| {
        position
            .play(mv)
            .unwrap_or_else(|e| panic!("game {}: {e}", game.index))
    })
}

/// The five modes of one protocol's fake against our random engine, engine A the fake.
fn check_protocol(game: GameName, protocol: &str, script: &str) {
    let dir = scratch(&format!("referee-{protocol}"));
    let root = AnyPosition::start(game).expect("a board game");
    let random = EngineSpec::Ours(EngineKind::Random);

    // A correct engine plays whole games, in both seats, every move checked.
    for index in 0..2 {
        let (good, _) = fake(protocol, script, "good", &dir);
        let played =
            play_board_game(root, &config(good, random.clone()), index).expect("the referee runs");
        assert_eq!(played.forfeit, None, "{protocol} game {index}");
        let end = replay(&played);
        assert!(
            end.outcome().is_over(),
            "{protocol}: the game was played out"
        );
        assert_eq!(played.outcome, end.outcome());
        assert_eq!(played.a_seat == Player::First, index == 0);
        // Every move after the opening was asked of an engine and timed, but forced passes.
        let passes = played.moves[played.opening_plies..]
            .iter()
            .filter(|mv| mv.to_string() == "pass")
            .count();
        let timed = played.thinking[0].moves + played.thinking[1].moves;
        assert_eq!(
            timed as usize + passes,
            played.moves.len() - played.opening_plies,
            "{protocol} game {index}"
        );
    }

    for (mode, reason) in [
        ("crash", "crashed"),
        ("illegal", "illegal move"),
        ("malformed", "malformed reply"),
        ("hang", "timed out"),
    ] {
        let (spec, pid_file) = fake(protocol, script, mode, &dir);
        let started = Instant::now();
        let played =
            play_board_game(root, &config(spec, random.clone()), 0).expect("the referee runs");
        let took = started.elapsed();
        let forfeit = played
            .forfeit
            .clone()
            .unwrap_or_else(|| panic!("{protocol} {mode}: no forfeit"));
        assert_eq!(forfeit.side, Side::A, "{protocol} {mode}");
        if mode == "hang" {
            // The referee waited the time a move and the grace (500 ms) before the kill.
            assert!(
                played.thinking[0].longest >= Duration::from_millis(500),
                "{:?}",
                played.thinking
            );
        }
        assert!(
            forfeit.reason.starts_with(reason),
            "{protocol} {mode}: {}",
            forfeit.reason
        );
        // The offender loses; B takes the other seat.
        assert_eq!(
            played.outcome,
            Outcome::Win(Player::Second),
            "{protocol} {mode}"
        );
        assert_eq!(played.winner(), Some(Side::B));
        // The game up to the forfeit is legal and the record carries the reason.
        replay(&played);
        assert!(played.record().contains(reason), "{}", played.record());
        // Nothing hangs, and the engine's process is gone (killed or exited, and reaped).
        assert!(
            took < Duration::from_secs(20),
            "{protocol} {mode} took {took:?}"
        );
        let pid = read_pid(&pid_file);
        assert!(
            !alive(pid),
            "{protocol} {mode}: process {pid} is still running"
        );
    }
}

#[test]
fn othello_over_gtp() {
    check_protocol(GameName::Othello, "gtp", "fake_gtp.py");
}

#[test]
fn othello_over_nboard() {
    check_protocol(GameName::Othello, "nboard", "fake_nboard.py");
}

#[test]
fn othello_over_the_line_protocol() {
    check_protocol(GameName::Othello, "light", "fake_light.py");
}

#[test]
fn amazons_over_the_uci_style_protocol() {
    check_protocol(GameName::Amazons, "uci", "fake_uci.py");
}

#[test]
fn a_program_that_cannot_start_forfeits_and_the_next_game_starts_afresh() {
    let root = AnyPosition::start(GameName::Othello).expect("othello");
    let missing: EngineSpec = "gtp:/nonexistent/engine -gtp".parse().expect("a spec");
    let config = config(EngineSpec::Ours(EngineKind::Random), missing);
    for index in 0..2 {
        let played = play_board_game(root, &config, index).expect("the referee runs");
        let forfeit = played.forfeit.clone().expect("a forfeit");
        assert_eq!(forfeit.side, Side::B);
        assert!(
            forfeit.reason.starts_with("could not start"),
            "{}",
            forfeit.reason
        );
        assert_eq!(played.winner(), Some(Side::A));
    }
}

/// Writes an Entelect bot directory running the fake bot in `mode`. It is declared
/// `c++` (the runner runs `./bot` as it is): `bot` starts the Python interpreter itself
/// (found once, not through a version manager's shim), so 400 rounds take seconds.
fn entelect_dir(mode: &str) -> PathBuf {
    let dir = scratch(&format!("referee-entelect-{mode}"));
    let python = std::process::Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .expect("python3");
    let python = String::from_utf8_lossy(&python.stdout).trim().to_owned();
    let launcher = format!(
        "#!/bin/sh\nexec '{python}' -S -B '{}'\n",
        engines_dir().join("entelect_bot.py").display()
    );
    std::fs::write(dir.join("bot"), launcher).expect("write bot");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(dir.join("bot"), std::fs::Permissions::from_mode(0o755))
            .expect("chmod");
    }
    std::fs::write(
        dir.join("bot.json"),
        r#"{"author": "tests", "nickName": "fake", "botLocation": "/", "botFileName": "bot", "botLanguage": "c++"}"#,
    )
    .expect("write bot.json");
    std::fs::write(dir.join("mode.txt"), mode).expect("write mode.txt");
    dir
}

#[test]
fn entelect_bot_directories() {
    let random = EngineSpec::Ours(EngineKind::Random);
    let entelect = |dir: &Path| EngineSpec::Entelect(dir.to_owned());
    let config = |a, b| MatchConfig {
        opening_plies: 0,
        ..config(a, b)
    };

    // A correct bot plays a whole game as player B (handed B's view of each state).
    let dir = entelect_dir("good");
    let played = play_towerdefence_game(&config(entelect(&dir), random.clone()), 1);
    assert_eq!(played.forfeit, None);
    assert_eq!(played.a_player, bitgames::towerdefence::Player::B);
    assert!(!played.commands.is_empty());
    let built = played
        .commands
        .iter()
        .filter(|c| !c[1].to_string().is_empty())
        .count();
    assert!(built > 0, "the bot never built: {}", played.record());
    // Its commands, replayed by our simulation, give the recorded end.
    let mut game = bitgames::towerdefence::Game::<bitgames::towerdefence::Fastest>::start();
    for commands in &played.commands {
        game.round(*commands);
    }
    assert!(game.is_over());
    assert_eq!(game.outcome(), Some(played.outcome));

    for (mode, reason) in [
        ("crash", "crashed"),
        ("illegal", "illegal move"),
        ("malformed", "malformed reply"),
        ("hang", "timed out"),
    ] {
        let dir = entelect_dir(mode);
        let started = Instant::now();
        let played = play_towerdefence_game(&config(entelect(&dir), random.clone()), 0);
        let forfeit = played
            .forfeit
            .clone()
            .unwrap_or_else(|| panic!("entelect {mode}: no forfeit"));
        assert_eq!(forfeit.side, Side::A, "{mode}");
        assert!(
            forfeit.reason.starts_with(reason),
            "{mode}: {}",
            forfeit.reason
        );
        assert_eq!(played.winner(), Some(Side::B));
        assert!(played.record().contains(reason), "{}", played.record());
        assert!(started.elapsed() < Duration::from_secs(20), "{mode}");
        let pid = read_pid(&dir.join("pid.txt"));
        assert!(
            !alive(pid),
            "entelect {mode}: process {pid} is still running"
        );
        // The runner wrote the state it was given, in the official format.
        let state = std::fs::read_to_string(dir.join("state.json")).expect("state.json");
        let state = bitgames::towerdefence::State::from_json(&state).expect("a valid state");
        assert_eq!(state, bitgames::towerdefence::State::start());
    }
}

#[test]
fn bot_json_names_the_command_the_official_runner_runs() {
    let dir = scratch("referee-bot-json");
    for (language, file, expected) in [
        ("python3", "bot.py", vec!["python3", "bot.py"]),
        ("c++", "bot", vec!["./bot"]),
        ("java", "bot.jar", vec!["java", "-jar", "bot.jar"]),
        ("javascript", "bot.js", vec!["node", "bot.js"]),
    ] {
        std::fs::write(
            dir.join("bot.json"),
            format!(
                r#"{{"botLocation": "/", "botFileName": "{file}", "botLanguage": "{language}"}}"#
            ),
        )
        .expect("write bot.json");
        let bot = EntelectBot::open(&dir).expect("a known language");
        assert_eq!(bot.command_line(), expected.as_slice(), "{language}");
    }
    for bad in [
        r#"{"botFileName": "bot", "botLanguage": "cobol"}"#,
        r#"{"botLanguage": "python3"}"#,
        "not json",
    ] {
        std::fs::write(dir.join("bot.json"), bad).expect("write bot.json");
        let err = EntelectBot::open(&dir).expect_err(bad);
        assert!(err.to_string().starts_with("could not start"), "{err}");
    }
}

#[test]
fn engine_specs_parse_and_refuse() {
    use bitgames_arena::player::SpecError;

    let gtp: EngineSpec = "gtp:'/opt/my engine/edax' -gtp".parse().expect("a spec");
    assert_eq!(
        gtp,
        EngineSpec::Gtp(vec!["/opt/my engine/edax".into(), "-gtp".into()])
    );
    // Display quotes what needs it, and reads back.
    assert_eq!(gtp.to_string().parse::<EngineSpec>(), Ok(gtp.clone()));
    assert_eq!("mcts".parse(), Ok(EngineSpec::Ours(EngineKind::Mcts)));
    assert_eq!(
        "entelect:bots/towerdefence".parse(),
        Ok(EngineSpec::Entelect("bots/towerdefence".into()))
    );
    assert_eq!(
        "gtp:".parse::<EngineSpec>(),
        Err(SpecError::EmptyCommand("gtp"))
    );
    assert!(matches!(
        "nboard:'edax".parse::<EngineSpec>(),
        Err(SpecError::BadQuoting { .. })
    ));
    assert!(matches!(
        "deep blue".parse::<EngineSpec>(),
        Err(SpecError::Unknown(_))
    ));
    assert!(gtp.check_game(GameName::Othello).is_ok());
    assert!(gtp.check_game(GameName::Amazons).is_err());
    let uci: EngineSpec = "uci:amazons".parse().expect("a spec");
    assert!(uci.check_game(GameName::Amazons).is_ok());
    assert!(uci.check_game(GameName::TowerDefence).is_err());
    let light: EngineSpec = "light:light_driver 10".parse().expect("a spec");
    assert_eq!(
        light,
        EngineSpec::Light(vec!["light_driver".into(), "10".into()])
    );
    assert_eq!(light.to_string().parse::<EngineSpec>(), Ok(light.clone()));
    assert!(light.check_game(GameName::Othello).is_ok());
    assert!(light.check_game(GameName::Santorini).is_err());
    assert_eq!(
        "light: ".parse::<EngineSpec>(),
        Err(SpecError::EmptyCommand("light"))
    );
}

/// The Othello openings are the book's balanced positions: counted here straight from the
/// compiled book's entries (canonical positions), not through its lookup.
#[test]
fn othello_openings_are_the_balanced_positions_of_the_book() {
    use bitgames::othello::book;

    for plies in [2, 4, 6] {
        // Canonical positions with 4 + plies discs and a score within one disc.
        let expected = book::entries()
            .filter(|(_, e)| (e.black | e.white).count_ones() == 4 + plies)
            .filter(|(_, e)| e.score.abs() <= 100)
            .count();
        let openings = othello_book_openings(plies);
        assert_eq!(openings.len(), expected, "{plies} plies");
        assert!(!openings.is_empty());
        for line in &openings {
            assert_eq!(line.len(), plies as usize);
        }
    }
    // Past the book's depth there are none (the referee then plays random openings).
    assert!(othello_book_openings(7).is_empty());
    // Games 2k and 2k + 1 share an opening; consecutive pairs differ.
    let root = AnyPosition::start(GameName::Othello).expect("othello");
    let o = |i| opening(&root, 1, 4, i).expect("an opening");
    assert_eq!(o(0), o(1));
    assert_ne!(o(1), o(2));
}

#[test]
fn our_engines_play_refereed_games_recorded_as_ggf() {
    let root = AnyPosition::start(GameName::Othello).expect("othello");
    let config = MatchConfig {
        clock: Clock {
            per_move: Duration::from_millis(5),
            ..Clock::default()
        },
        ..config(
            EngineSpec::Ours(EngineKind::AlphaBeta),
            EngineSpec::Ours(EngineKind::Random),
        )
    };
    let played = play_board_game(root, &config, 1).expect("a game");
    assert_eq!(played.forfeit, None);
    let end = replay(&played);
    assert!(end.outcome().is_over());
    let record = bitgames::othello::ggf::parse(&played.record()).expect("GGF");
    let moves: Vec<String> = record.moves.iter().map(|m| m.mv.to_string()).collect();
    let ours: Vec<String> = played.moves.iter().map(ToString::to_string).collect();
    assert_eq!(moves, ours);
    // A plays white in odd games.
    assert_eq!(record.property("PW"), Some("alphabeta"));
    let AnyPosition::Othello(end) = end else {
        panic!("othello")
    };
    let (black, white) = end.discs();
    let diff = i64::from(black.bits().count_ones()) - i64::from(white.bits().count_ones());
    assert_eq!(record.property("RE"), Some(format!("{diff:+}").as_str()));
}

#[test]
fn the_summary_counts_forfeits_and_reports_elo() {
    let played = |index, a_seat, winner, forfeit: Option<&str>| PlayedGame {
        index,
        a_seat,
        record: None,
        winner,
        forfeit: forfeit.map(|reason| Forfeit {
            side: Side::A,
            reason: reason.to_owned(),
        }),
        thinking: [Thinking::default(); 2],
    };
    let mut summary = MatchSummary::default();
    summary.add(&played(0, Player::First, Some(Side::A), None));
    summary.add(&played(
        1,
        Player::Second,
        Some(Side::B),
        Some("crashed: gone"),
    ));
    summary.add(&played(2, Player::First, None, None));
    summary.add(&played(3, Player::Second, Some(Side::A), None));
    let json: serde_json::Value = serde_json::from_str(&summary.to_json()).expect("JSON");
    assert_eq!(json["games"], 4);
    assert_eq!(json["a_wins"], 2);
    assert_eq!(json["b_wins"], 1);
    assert_eq!(json["draws"], 1);
    // 2.5 / 4 = 62.5%: 400 log10(5/3) = +88.7 Elo.
    assert_eq!(json["elo"], 88.7);
    let ci = json["elo_ci95"].as_array().expect("an interval");
    assert!(ci[0].as_f64().expect("finite") < 0.0 && ci[1].as_f64().expect("finite") > 200.0);
    assert_eq!(
        json["forfeits"],
        serde_json::json!([{"game": 1, "player": "a", "reason": "crashed: gone"}])
    );
    assert_eq!(summary.seat_wins, [2, 1]);
    // Engine A first: a win and a draw; second: a win and a loss.
    assert_eq!(summary.a_by_seat, [[1, 1, 0], [1, 0, 1]]);
    assert_eq!(json["seat_wins"], serde_json::json!([2, 1]));
    assert_eq!(
        json["a_by_seat"],
        serde_json::json!({"first": {"wins": 1, "draws": 1, "losses": 0},
                           "second": {"wins": 1, "draws": 0, "losses": 1}})
    );
    assert_eq!(json["gods"], serde_json::Value::Null);
    // Time to move: means and maxima over the games added, `null` mean without moves.
    let ms = |millis: &[u64]| {
        let mut thinking = Thinking::default();
        for &m in millis {
            thinking.record(Duration::from_millis(m));
        }
        thinking
    };
    summary.add_thinking([ms(&[10, 20]), Thinking::default()]);
    summary.add_thinking([ms(&[60]), Thinking::default()]);
    let json: serde_json::Value = serde_json::from_str(&summary.to_json()).expect("JSON");
    assert_eq!(
        json["time_ms"],
        serde_json::json!({"a": {"moves": 3, "mean": 30.0, "max": 60.0},
                           "b": {"moves": 0, "mean": null, "max": 0.0}})
    );
}

/// Santorini and Amazons openings are the most balanced of several random ones: never less
/// balanced (by our evaluation) than the plain random opening of the same seed, and more
/// balanced on average; each is shared by the two games of a pair.
#[test]
fn random_openings_are_picked_for_balance() {
    use bitgames::search::Evaluate;
    use bitgames_arena::referee::random_opening;

    fn imbalance<G: Evaluate>(root: G, moves: &[String]) -> u32 {
        let end = moves.iter().fold(root, |position, text| {
            position.play(position.parse_move(text).expect("a legal move"))
        });
        end.evaluate().unsigned_abs()
    }
    fn check<G: Evaluate>(name: GameName) {
        let root = AnyPosition::start(name).expect("a board game");
        let (mut chosen_total, mut plain_total) = (0u64, 0u64);
        for pair in 0..20u64 {
            let chosen: Vec<String> = opening(&root, 5, 4, 2 * pair)
                .expect("an opening")
                .iter()
                .map(ToString::to_string)
                .collect();
            let partner = opening(&root, 5, 4, 2 * pair + 1).expect("an opening");
            assert_eq!(
                chosen,
                partner.iter().map(ToString::to_string).collect::<Vec<_>>()
            );
            assert_eq!(chosen.len(), 4);
            let plain: Vec<String> = random_opening(G::start(), 5, 4, 2 * pair)
                .iter()
                .map(ToString::to_string)
                .collect();
            let (c, p) = (
                imbalance(G::start(), &chosen),
                imbalance(G::start(), &plain),
            );
            assert!(
                c <= p,
                "{name} pair {pair}: {chosen:?} ({c}) vs {plain:?} ({p})"
            );
            chosen_total += u64::from(c);
            plain_total += u64::from(p);
        }
        assert!(
            chosen_total < plain_total,
            "{name}: {chosen_total} vs {plain_total}"
        );
    }
    check::<bitgames::amazons::Position>(GameName::Amazons);
    check::<bitgames::santorini::Position>(GameName::Santorini);
}

/// Runs `work` on a thread of its own and waits at most `limit` for it: a referee that
/// hangs fails the test instead of hanging it.
fn within<T: Send + 'static>(limit: Duration, work: impl FnOnce() -> T + Send + 'static) -> T {
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = sender.send(work());
    });
    receiver
        .recv_timeout(limit)
        .unwrap_or_else(|_| panic!("still running after {limit:?}: the referee hangs"))
}

/// Waits (5 s at most) until process `pid` is gone or a zombie (killed, its parent gone,
/// and not yet reaped by init), and says which.
fn gone(pid: u32) -> bool {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let state = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let zombie = state
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z'));
        if !alive(pid) || zombie {
            return true;
        }
        if Instant::now() > deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Engines that write without end, at the handshake (`yes info` never says `uciok`,
/// `pong 1` or `ready`; `yes ''` is GTP's empty lines) and, for UCI, after `go` (an endless
/// stream of `info depth 1`): each is a forfeit by timeout within its time, however much
/// it writes, and the referee's memory stays bounded (the channel holds 256 lines).
#[test]
fn flooding_engines_are_timed_out() {
    let root = AnyPosition::start(GameName::Othello).expect("othello");
    for spec in [
        "uci:yes info",
        "nboard:yes info",
        "light:yes info",
        "gtp:yes ''",
    ] {
        let mut config = config(EngineSpec::Ours(EngineKind::Random), spec.parse().unwrap());
        config.clock.startup = Duration::from_millis(1_000);
        let started = Instant::now();
        let played = within(Duration::from_secs(30), move || {
            play_board_game(root, &config, 0).expect("the referee runs")
        });
        let forfeit = played.forfeit.expect("a forfeit");
        assert_eq!(forfeit.side, Side::B, "{spec}");
        assert_eq!(
            forfeit.reason, "timed out: no reply within 1000 ms (killed)",
            "{spec}"
        );
        assert!(started.elapsed() < Duration::from_secs(10), "{spec}");
    }

    // Mid-game: the handshake is right, then `go` gets a flood of `info` lines.
    let script = r#"while read -r line; do case "$line" in
        uci) echo uciok ;; isready) echo readyok ;; go*) exec yes "info depth 1" ;; esac; done"#;
    let flood = EngineSpec::Uci(vec!["sh".into(), "-c".into(), script.into()]);
    let config = config(EngineSpec::Ours(EngineKind::Random), flood);
    let started = Instant::now();
    let played = within(Duration::from_secs(30), move || {
        play_board_game(root, &config, 0).expect("the referee runs")
    });
    let forfeit = played.forfeit.clone().expect("a forfeit");
    assert_eq!(forfeit.reason, "timed out: no reply within 500 ms (killed)");
    assert_eq!(played.thinking[1].moves, 1, "{:?}", played.thinking);
    assert!(played.thinking[1].longest < Duration::from_secs(3));
    assert!(started.elapsed() < Duration::from_secs(10));
}

/// A launcher that exits at once, leaving its child running with the pipes: the child
/// is killed with the group when the engine is, though the group's leader is long gone.
#[test]
fn a_launcher_that_exits_leaves_nothing_running() {
    let dir = scratch("referee-launcher");
    let root = AnyPosition::start(GameName::Othello).expect("othello");
    for protocol in ["uci", "gtp", "nboard", "light"] {
        let pid_file = dir.join(format!("{protocol}.pid"));
        let spec = format!(
            "{protocol}:sh -c 'sleep 300 & echo $! > \"{}\"; exit 0'",
            pid_file.display()
        );
        let mut config = config(EngineSpec::Ours(EngineKind::Random), spec.parse().unwrap());
        config.clock.startup = Duration::from_millis(500);
        let played = within(Duration::from_secs(30), move || {
            play_board_game(root, &config, 0).expect("the referee runs")
        });
        let forfeit = played.forfeit.expect("a forfeit");
        assert!(
            forfeit.reason.starts_with("timed out"),
            "{protocol}: {forfeit:?}"
        );
        let child = read_pid(&pid_file);
        assert!(
            gone(child),
            "{protocol}: the launcher's child {child} still runs"
        );
    }
}

fn entelect_config(dir: &Path) -> MatchConfig {
    MatchConfig {
        opening_plies: 0,
        clock: Clock {
            per_move: Duration::from_millis(2_000),
            ..config(
                EngineSpec::Ours(EngineKind::Random),
                EngineSpec::Ours(EngineKind::Random),
            )
            .clock
        },
        ..config(
            EngineSpec::Entelect(dir.to_owned()),
            EngineSpec::Ours(EngineKind::Random),
        )
    }
}

/// A bot that starts a background child every round and ends its round at once: the
/// child is killed with the bot's process group after each round, so none outlives it.
#[test]
fn an_entelect_bots_background_children_die_with_its_round() {
    let script = r#"sleep 300 &
echo $! >> pids.txt
[ "$(wc -l < pids.txt)" -ge 3 ] && exit 1
exit 0"#;
    let dir = entelect_script_dir("referee-entelect-background", script);
    let config = entelect_config(&dir);
    let played = within(Duration::from_secs(30), move || {
        play_towerdefence_game(&config, 0)
    });
    let forfeit = played.forfeit.clone().expect("the bot exits 1 in round 3");
    assert!(forfeit.reason.starts_with("crashed"), "{forfeit:?}");
    assert_eq!(played.commands.len(), 2);
    let pids = std::fs::read_to_string(dir.join("pids.txt")).expect("pids.txt");
    let pids: Vec<u32> = pids
        .lines()
        .map(|l| l.trim().parse().expect("a pid"))
        .collect();
    assert_eq!(pids.len(), 3);
    for pid in pids {
        assert!(gone(pid), "the bot's child {pid} still runs");
    }
}

/// A bot that leaves `command.txt` as a FIFO or as a link to `/dev/zero`, or `state.json`
/// as a FIFO: a forfeit (the runner's own `state.json` replaces the FIFO), at once, never
/// a hang and never a read without end.
#[test]
fn entelect_files_that_are_not_regular_files_are_refused() {
    for (name, script, reason) in [
        (
            "fifo-command",
            "rm -f command.txt; mkfifo command.txt",
            "malformed reply: ",
        ),
        (
            "zero-command",
            "ln -s /dev/zero command.txt",
            "is a symbolic link",
        ),
        // Round 1 leaves state.json a FIFO; round 2 (the runner wrote a real state.json
        // over it) says so by a command our rules refuse.
        (
            "fifo-state",
            r#"if [ -p state.json ]; then echo 'fifo' > command.txt; exit 0; fi
if [ -f round1 ]; then echo '7,0,5' > command.txt; exit 0; fi
touch round1; rm -f state.json; mkfifo state.json"#,
            "illegal move",
        ),
    ] {
        let dir = entelect_script_dir(&format!("referee-entelect-{name}"), script);
        let config = entelect_config(&dir);
        let started = Instant::now();
        let played = within(Duration::from_secs(30), move || {
            play_towerdefence_game(&config, 0)
        });
        let forfeit = played.forfeit.clone().expect("a forfeit");
        assert_eq!(forfeit.side, Side::A, "{name}");
        assert!(
            forfeit.reason.contains(reason),
            "{name}: {}",
            forfeit.reason
        );
        assert!(started.elapsed() < Duration::from_secs(15), "{name}");
        if name == "fifo-command" {
            assert!(forfeit.reason.contains("is a FIFO"), "{}", forfeit.reason);
        }
        if name == "fifo-state" {
            assert_eq!(played.commands.len(), 1, "{}", played.record());
        }
    }
}

/// A reply of 60 KB quoted in a forfeit's reason is cut to a few hundred characters.
#[test]
fn a_forfeit_reason_quotes_a_long_reply_briefly() {
    let root = AnyPosition::start(GameName::Othello).expect("othello");
    let script = r#"long=$(head -c 60000 /dev/zero | tr '\0' x)
while read -r line; do case "$line" in uci) echo uciok ;; isready) echo readyok ;;
go*) echo "bestmove $long" ;; esac; done"#;
    let spec = EngineSpec::Uci(vec!["sh".into(), "-c".into(), script.into()]);
    let config = config(EngineSpec::Ours(EngineKind::Random), spec);
    let played = within(Duration::from_secs(30), move || {
        play_board_game(root, &config, 0).expect("the referee runs")
    });
    let forfeit = played.forfeit.clone().expect("a forfeit");
    assert!(
        forfeit.reason.starts_with("illegal move"),
        "{}",
        forfeit.reason
    );
    assert!(forfeit.reason.contains('…'), "{}", forfeit.reason);
    assert!(
        forfeit.reason.chars().count() <= bitgames_arena::referee::MAX_REASON,
        "{} characters",
        forfeit.reason.len()
    );
    assert!(played.record().len() < 2_000, "{}", played.record());
}

/// An interrupted match abandons the game in progress and kills its engine at once, though
/// the engine has a minute to think.
#[test]
fn an_interrupt_abandons_the_game_and_kills_the_engine() {
    use bitgames_arena::referee::{Interrupt, play_board_game_until};
    let dir = scratch("referee-interrupt");
    let pid_file = dir.join("engine.pid");
    let script = format!(
        r#"echo $$ > "{}"; while read -r line; do case "$line" in uci) echo uciok ;; isready) echo readyok ;; esac; done"#,
        pid_file.display()
    );
    let spec = EngineSpec::Uci(vec!["sh".into(), "-c".into(), script]);
    let mut config = config(EngineSpec::Ours(EngineKind::Random), spec);
    config.clock.per_move = Duration::from_secs(60);
    let root = AnyPosition::start(GameName::Othello).expect("othello");
    let interrupt = Interrupt::default();
    let handle = interrupt.clone();
    let started = Instant::now();
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(1_000));
        handle.set();
    });
    let played = within(Duration::from_secs(30), move || {
        play_board_game_until(root, &config, 1, &interrupt).expect("the referee runs")
    });
    stopper.join().expect("the stopper");
    assert_eq!(played, None, "the game is abandoned");
    assert!(started.elapsed() < Duration::from_secs(5));
    let pid = read_pid(&pid_file);
    assert!(gone(pid), "the engine {pid} still runs");
}
