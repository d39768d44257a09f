//! Compiles the kernels with NVRTC (no GPU needed) and prints the size of the machine code
//! of each game's module and how long NVRTC took (what `Gpu::open` spends on it):
//! `cargo run -p bitgames-gpu --example compile [MAJOR MINOR]`.

fn main() -> Result<(), bitgames_gpu::Error> {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<i32>().expect("a number"));
    let capability = (args.next().unwrap_or(9), args.next().unwrap_or(0));
    let sources = [
        ("othello", bitgames_gpu::source::othello()),
        ("amazons", bitgames_gpu::source::amazons()),
    ];
    for (game, source) in sources {
        let started = std::time::Instant::now();
        let cubin = bitgames_gpu::compile(&source, capability)?;
        println!(
            "{game}: sm_{}{}: {} bytes of machine code in {:.1} s",
            capability.0,
            capability.1,
            cubin.len(),
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
