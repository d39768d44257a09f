//! Compiles the kernels with NVRTC (no GPU needed) and prints the size of the machine code
//! of each game's module and how long NVRTC took (what `Gpu::open` spends on it):
//! `cargo run -p bitgames-gpu --example compile [MAJOR MINOR] [--source DIR]`. With
//! `--source DIR` it also writes the source NVRTC compiles (the table prelude and the kernel
//! file) to DIR/othello.cu and DIR/amazons.cu, for `nvcc -Xptxas -v` or `cuobjdump`.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let source_dir = args
        .iter()
        .position(|a| a == "--source")
        .map(|i| args.get(i + 1).cloned().ok_or("--source needs a folder"))
        .transpose()?;
    let mut numbers = args.iter().take_while(|a| *a != "--source");
    let mut number = |default| -> Result<i32, Box<dyn std::error::Error>> {
        Ok(numbers
            .next()
            .map(|a| a.parse())
            .transpose()?
            .unwrap_or(default))
    };
    let capability = (number(9)?, number(0)?);
    let sources = [
        ("othello", bitgames_gpu::source::othello()),
        ("amazons", bitgames_gpu::source::amazons()),
    ];
    for (game, source) in sources {
        if let Some(dir) = &source_dir {
            std::fs::write(
                std::path::Path::new(dir).join(format!("{game}.cu")),
                &source,
            )?;
        }
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
