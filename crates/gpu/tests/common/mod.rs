//! The kernels on the host: the CUDA source compiled as C++ with the host's compiler
//! (`$CXX`, else `c++`) and loaded as a shared library. A launch of `threads` threads calls
//! the kernel once per thread index, in order (see `kernels/common.cuh`).

#![allow(dead_code)]

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;

use libloading::{Library, Symbol};

/// A compiled emulation of one kernel source.
pub struct Emulator {
    library: Library,
}

impl Emulator {
    /// The Othello kernels, compiled once per test binary, their constant tables filled.
    pub fn othello() -> &'static Emulator {
        static OTHELLO: OnceLock<Emulator> = OnceLock::new();
        OTHELLO.get_or_init(|| {
            Emulator::compile(
                "othello",
                &bitgames_gpu::source::othello(),
                &bitgames_gpu::source::constants(),
            )
        })
    }

    fn compile(name: &str, source: &str, constants: &[bitgames_gpu::source::Constant]) -> Emulator {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gpu-emulation");
        std::fs::create_dir_all(&dir).expect("creating the emulation directory");
        // One file per test binary: test binaries run at once must not share files.
        let stem = format!("{name}-{}", std::process::id());
        let source_path = dir.join(format!("{stem}.cpp"));
        let library_path = dir.join(format!("lib{stem}.so"));
        std::fs::write(&source_path, source).expect("writing the emulation source");
        let compiler = std::env::var("CXX").unwrap_or_else(|_| "c++".into());
        let output = Command::new(&compiler)
            .args([
                "-std=c++17",
                "-O2",
                "-fPIC",
                "-shared",
                "-Wno-unknown-pragmas",
            ])
            .arg(format!("-D{}", bitgames_gpu::source::HOST_EMULATION))
            .arg(&source_path)
            .arg("-o")
            .arg(&library_path)
            .output()
            .unwrap_or_else(|e| panic!("running the C++ compiler {compiler:?}: {e}"));
        assert!(
            output.status.success(),
            "the kernels do not compile as host C++:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        // SAFETY: the library is the one just built from the kernel source; its initialisers
        // only zero globals.
        let library = unsafe { Library::new(&library_path) }.expect("loading the emulation");
        let emulator = Emulator { library };
        for constant in constants {
            // SAFETY: the symbol is the constant table of that name, `bytes.len()` bytes
            // long (its C declaration comes from the same `Constant`).
            unsafe {
                let symbol: Symbol<*mut u8> = emulator
                    .library
                    .get(constant.name.as_bytes())
                    .expect("a constant table");
                std::ptr::copy_nonoverlapping(
                    constant.bytes.as_ptr(),
                    *symbol,
                    constant.bytes.len(),
                );
            }
        }
        let _ = std::fs::remove_file(&source_path);
        emulator
    }

    /// The kernel `name`, as a function of type `F`.
    ///
    /// # Safety
    ///
    /// `F` is the kernel's C signature.
    pub unsafe fn kernel<F>(&self, name: &str) -> Symbol<'_, F> {
        // SAFETY: the caller's promise.
        unsafe { self.library.get(name.as_bytes()) }
            .unwrap_or_else(|e| panic!("kernel {name}: {e}"))
    }

    /// Runs `call` once per thread index `0..threads`, as a launch would.
    pub fn launch(&self, threads: u64, mut call: impl FnMut()) {
        // SAFETY: `emulation_set_thread` takes the thread index.
        let set: Symbol<unsafe extern "C" fn(u64)> =
            unsafe { self.library.get(b"emulation_set_thread") }.expect("emulation_set_thread");
        for thread in 0..threads {
            // SAFETY: sets a thread-local index only.
            unsafe { set(thread) };
            call();
        }
    }
}
