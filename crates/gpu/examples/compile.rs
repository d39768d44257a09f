//! Compiles the kernels with NVRTC (no GPU needed) and prints the size of the machine code:
//! `cargo run -p bitgames-gpu --example compile [MAJOR MINOR]`.

fn main() -> Result<(), bitgames_gpu::Error> {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<i32>().expect("a number"));
    let capability = (args.next().unwrap_or(9), args.next().unwrap_or(0));
    let cubin = bitgames_gpu::compile(&bitgames_gpu::source::othello(), capability)?;
    println!(
        "sm_{}{}: {} bytes of machine code",
        capability.0,
        capability.1,
        cubin.len()
    );
    Ok(())
}
