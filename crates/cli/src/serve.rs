//! `bitgames serve`: the web app (Play, Kernels, Compare, Tower Defence replay) on a local
//! port; see [`bitgames_web`].

use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use anyhow::{Context, Result};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on. Loopback by default: the app reads game directories named by
    /// the page, so only expose it on a network you trust.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    bind: IpAddr,
    /// Open the app in the default browser once it listens.
    #[arg(long)]
    open: bool,
    /// A static site `cargo xtask web-static DIR` wrote: its engine (wasm) is served too,
    /// and the Compare page can measure in the browser beside the server's figures.
    #[arg(long, value_name = "DIR")]
    wasm: Option<std::path::PathBuf>,
}

pub fn run(args: &Args) -> Result<()> {
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    let limits = bitgames_web::Limits::default();
    let router = match &args.wasm {
        Some(dir) => bitgames_web::router_with_wasm(limits, dir).with_context(|| {
            format!("cannot read the static site's engine in {}", dir.display())
        })?,
        None => bitgames_web::router(limits),
    };
    runtime.block_on(async {
        let addr = SocketAddr::new(args.bind, args.port);
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .with_context(|| format!("cannot listen on {addr}"))?;
        let local = listener.local_addr()?;
        if !args.bind.is_loopback() {
            eprintln!(
                "warning: listening on {local}, reachable from other machines: the Tower \
                 Defence replay reads directories the page names"
            );
        }
        let url = format!("http://{local}/");
        println!("bitgames web app: {url} (Ctrl-C to stop)");
        if args.open {
            open(&url);
        }
        bitgames_web::serve_app(listener, router)
            .await
            .context("the server stopped")
    })
}

/// Asks the desktop to open `url`; a failure is reported, not fatal (the URL is printed).
fn open(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(target_os = "windows") {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(err) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("could not open a browser with {opener}: {err}; open {url} yourself");
    }
}
