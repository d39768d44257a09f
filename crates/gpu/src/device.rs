//! Opening a GPU and compiling the kernels for it.

use std::ffi::CString;
use std::sync::Arc;

use cudarc::driver::{CudaContext, CudaFunction, CudaModule, CudaStream};
use cudarc::nvrtc::result::{self, NvrtcError};
use cudarc::nvrtc::{Ptx, sys};

use crate::{Error, source};

/// One CUDA device with the kernels compiled for it (by NVRTC, for its compute capability)
/// and its constant tables filled. Cheap to clone: clones share the context, stream and
/// module.
#[derive(Debug, Clone)]
pub struct Gpu {
    stream: Arc<CudaStream>,
    othello: Arc<CudaModule>,
    amazons: Arc<CudaModule>,
    name: String,
    capability: (i32, i32),
}

impl Gpu {
    /// Opens device `ordinal`, compiles the kernels (an Othello and an Amazons module) and
    /// fills their tables.
    ///
    /// # Errors
    ///
    /// [`Error::NoDriver`], [`Error::NoDevice`] or [`Error::NoNvrtc`] when a piece is missing
    /// (checked before anything is loaded, so nothing panics), [`Error::Compile`] with
    /// NVRTC's log, [`Error::Driver`] from the driver.
    pub fn open(ordinal: usize) -> Result<Gpu, Error> {
        // SAFETY: only tries to load the library (dlopen) under its usual names.
        if !unsafe { cudarc::driver::sys::is_culib_present() } {
            return Err(Error::NoDriver);
        }
        let count = CudaContext::device_count()? as usize;
        if ordinal >= count {
            return Err(Error::NoDevice { ordinal, count });
        }
        // SAFETY: as above, for NVRTC.
        if !unsafe { cudarc::nvrtc::sys::is_culib_present() } {
            return Err(Error::NoNvrtc);
        }
        let context = CudaContext::new(ordinal)?;
        // SAFETY: every launch and copy of this crate goes to the context's one default
        // stream, in order, so cudarc's events between streams are never needed.
        unsafe { context.disable_event_tracking() };
        let capability = context.compute_capability()?;
        let name = context.name()?;
        let stream = context.default_stream();
        let load = |source: &str, constants: Vec<source::Constant>| -> Result<_, Error> {
            let cubin = compile(source, capability)?;
            let module = context.load_module(Ptx::from_binary(cubin))?;
            for constant in constants {
                let mut symbol = module.get_global(constant.name, &stream)?;
                stream.memcpy_htod(&constant.bytes, &mut symbol)?;
            }
            Ok(module)
        };
        let othello = load(&source::othello(), source::othello_constants())?;
        let amazons = load(&source::amazons(), source::amazons_constants())?;
        stream.synchronize()?;
        Ok(Gpu {
            stream,
            othello,
            amazons,
            name,
            capability,
        })
    }

    /// The device's name as the driver reports it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The device's compute capability (major, minor), which the kernels were compiled for.
    pub fn compute_capability(&self) -> (i32, i32) {
        self.capability
    }

    /// The stream every kernel of this crate runs on (the context's default stream).
    pub fn stream(&self) -> &Arc<CudaStream> {
        &self.stream
    }

    /// An Othello entry point.
    pub(crate) fn othello_function(&self, name: &str) -> Result<CudaFunction, Error> {
        Ok(self.othello.load_function(name)?)
    }

    /// An Amazons entry point.
    pub(crate) fn amazons_function(&self, name: &str) -> Result<CudaFunction, Error> {
        Ok(self.amazons.load_function(name)?)
    }
}

/// Compiles kernel `source` to machine code (a CUBIN) for compute capability `capability`
/// with NVRTC. Machine code rather than PTX: a driver loads CUBINs from any NVRTC of its
/// major version, whereas PTX from a newer NVRTC than the driver is refused. Needs NVRTC
/// only, no driver or device.
///
/// # Errors
///
/// [`Error::NoNvrtc`] when NVRTC cannot be loaded, [`Error::Compile`] with its log.
pub fn compile(source: &str, capability: (i32, i32)) -> Result<Vec<u8>, Error> {
    // SAFETY: only tries to load the library (dlopen) under its usual names.
    if !unsafe { cudarc::nvrtc::sys::is_culib_present() } {
        return Err(Error::NoNvrtc);
    }
    let failed = |what: &str, error: NvrtcError| Error::Compile {
        log: format!("{what}: {error:?}"),
    };
    let source = CString::new(source).map_err(|_| Error::Compile {
        log: "the source holds a NUL byte".into(),
    })?;
    let program = result::create_program(&source, Some(c"bitgames.cu"))
        .map_err(|e| failed("nvrtcCreateProgram", e))?;
    let options = [
        format!("--gpu-architecture=sm_{}{}", capability.0, capability.1),
        "--std=c++17".into(),
    ];
    // SAFETY: `program` was created above and is destroyed only below; the source it refers
    // to outlives it.
    let compiled = unsafe { result::compile_program(program, &options) };
    // SAFETY: as above.
    let cubin = compiled.and_then(|()| unsafe { cubin(program) });
    let outcome = match cubin {
        Ok(cubin) => Ok(cubin),
        Err(error) => {
            // SAFETY: as above.
            let log = unsafe { result::get_program_log(program) }.unwrap_or_default();
            let log: Vec<u8> = log
                .into_iter()
                .take_while(|&c| c != 0)
                .map(|c| c as u8)
                .collect();
            Err(Error::Compile {
                log: format!("{error:?}\n{}", String::from_utf8_lossy(&log)),
            })
        }
    };
    // SAFETY: `program` is destroyed once, here.
    unsafe { result::destroy_program(program) }.map_err(|e| failed("nvrtcDestroyProgram", e))?;
    outcome
}

/// The CUBIN of a compiled program.
///
/// # Safety
///
/// `program` was created by NVRTC, compiled, and not destroyed.
unsafe fn cubin(program: sys::nvrtcProgram) -> Result<Vec<u8>, NvrtcError> {
    let mut size = 0usize;
    // SAFETY: the caller's promise; `size` is a valid place for the answer.
    unsafe { sys::nvrtcGetCUBINSize(program, &mut size) }.result()?;
    let mut cubin = vec![0u8; size];
    // SAFETY: `cubin` holds the `size` bytes NVRTC writes.
    unsafe { sys::nvrtcGetCUBIN(program, cubin.as_mut_ptr().cast()) }.result()?;
    Ok(cubin)
}
