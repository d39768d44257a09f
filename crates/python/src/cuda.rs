//! `bitgames.cuda`: the environments and searches of bitgames-gpu on a CUDA device, their
//! buffers handed to PyTorch, JAX and the rest through DLPack without copies.
//!
//! `CudaOthello` (`bitgames.cuda.Othello`) wraps a `bitgames_gpu::Batch<Othello>` and
//! `CudaAmazons` (`bitgames.cuda.Amazons`) a `Batch<Amazons>`, both through one implementation ([`Env`]
//! over the [`Batch`] trait): the interface of `bitgames.vector.Othello` and
//! `bitgames.vector.Amazons`, but `reset`, `step` and `sample_actions` return
//! [`DeviceArray`]s, views of the batch's own device buffers (written again by every call)
//! that export themselves through `__dlpack__`. An exported tensor holds the batch's
//! buffers alive (an [`Arc`] of them travels in the DLPack context), so it may outlive the
//! environment. Actions are taken as NumPy arrays (copied to the device) or as any DLPack
//! array on the same device (read in place).
//!
//! Streams: every kernel and copy runs on the context's legacy default stream, in order. A
//! consumer on that stream (`__dlpack__(stream=None)` or `1`, PyTorch's default), on the
//! per-thread default stream (`2`, which synchronises with the legacy one) or asking for no
//! synchronisation (`-1`) gets the capsule at once; for any other stream the host waits for
//! the batch's work to finish before handing the capsule over. Actions given as a device array
//! are asked for on the legacy stream (`__dlpack__(stream=1)`, so the producer orders its own
//! writes before ours) and are read before `step` returns, so the caller may reuse or free
//! them afterwards.
//!
//! Legality stays the batch's own record, as in `bitgames.vector`: the actions are checked on
//! the device against each game's legal moves before any game moves (an illegal one raises
//! `ValueError` naming the game). Only actions the batch itself sampled skip that check, and
//! only while its action buffer has never been handed out (through `__dlpack__` or
//! `data_ptr`), since a caller holding it could write into it.
//!
//! Nothing here panics on a machine without CUDA: opening a device there raises
//! `RuntimeError` naming what is missing (the driver, a device, NVRTC), and arguments are
//! checked (`ValueError`, `TypeError`) before any device is opened.

use std::ffi::{CStr, c_void};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use bitgames_gpu::amazons::{self, Amazons};
use bitgames_gpu::batch::MAX_GAMES;
use bitgames_gpu::othello::{self, Othello};
use bitgames_gpu::{Batch as GpuBatch, BatchGame, Buffers, Error, Gpu, Strategy};
use numpy::{PyArray1, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::{PyBufferError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyTuple};
use pyo3::{IntoPyObjectExt, ffi};

/// The most games one `bitgames.cuda.Othello` or `bitgames.cuda.Amazons` holds
/// (`bitgames.cuda.MAX_ENVS`, 2^24).
pub const MAX_ENVS: usize = MAX_GAMES;

/// The deepest Othello `bitgames.cuda.perft`, in plies: 1.9 * 10^12 leaves at 15, some
/// minutes on one GPU, which cannot be interrupted once launched.
pub const MAX_PERFT_DEPTH: u32 = 15;

/// The deepest Amazons `bitgames.cuda.perft`, in full moves (a queen move and its arrow).
/// The host expands all but the last two moves into memory: at 4 the 4.3 * 10^6 positions
/// of perft 2, below which the GPU counts some 10^13 leaves in one launch that cannot be
/// interrupted; at 5 the positions of perft 3, some 10^10, would not fit.
pub const MAX_AMAZONS_PERFT_DEPTH: u32 = 4;

/// The most threads one `bitgames.cuda.playouts` launches.
pub const MAX_PLAYOUT_THREADS: u64 = 1 << 24;

/// The most games one `bitgames.cuda.playouts` plays in all (as `bitgames.random_games`).
pub const MAX_PLAYOUT_GAMES: u64 = 1_000_000_000;

/// The Python exception for an error of bitgames-gpu: `ValueError` for what the caller got
/// wrong (an illegal action names its game), `RuntimeError` for what is missing or failed on
/// the device.
fn gpu_error(err: Error) -> PyErr {
    match err {
        // The crate's advice (LD_LIBRARY_PATH) is not needed here: bitgames.cuda loads the
        // wheel's NVRTC itself.
        Error::NoNvrtc => PyRuntimeError::new_err(
            "no NVRTC: libnvrtc.so.13 could not be loaded (pip install 'bitgames[cuda]' for \
             the nvidia-cuda-nvrtc wheel, which bitgames.cuda loads, or install the CUDA \
             toolkit's NVRTC on the loader's path)",
        ),
        Error::IllegalAction { .. }
        | Error::BatchSize { .. }
        | Error::Length { .. }
        | Error::Depth { .. } => PyValueError::new_err(err.to_string()),
        _ => PyRuntimeError::new_err(err.to_string()),
    }
}

/// A strategy by name, or `ValueError` listing the names.
fn strategy(name: &str) -> PyResult<Strategy> {
    name.parse()
        .map_err(|err: bitgames_gpu::UnknownStrategy| PyValueError::new_err(err.to_string()))
}

// ---- Devices --------------------------------------------------------------------------

/// Whether the CUDA driver library can be loaded.
fn driver_present() -> bool {
    // SAFETY: only tries to load the library (dlopen) under its usual names, as
    // `Gpu::open` does before touching it.
    unsafe { cudarc::driver::sys::is_culib_present() }
}

/// Whether NVRTC can be loaded.
fn nvrtc_present() -> bool {
    // SAFETY: as in `driver_present`, for NVRTC.
    unsafe { cudarc::nvrtc::sys::is_culib_present() }
}

/// The devices the driver reports, 0 without a driver (never loads what is missing).
fn devices() -> usize {
    if !driver_present() {
        return 0;
    }
    cudarc::driver::CudaContext::device_count().map_or(0, |count| count.max(0) as usize)
}

/// The devices opened so far, kernels compiled: each is opened (and NVRTC run) once per
/// process.
static GPUS: Mutex<Vec<(usize, Gpu)>> = Mutex::new(Vec::new());

/// Device `ordinal` with the kernels compiled, opened once and kept; a clear
/// `RuntimeError` when the driver, the device or NVRTC is missing.
fn open(py: Python<'_>, ordinal: usize) -> PyResult<Gpu> {
    py.detach(|| {
        let mut gpus = GPUS.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, gpu)) = gpus.iter().find(|(o, _)| *o == ordinal) {
            return Ok(gpu.clone());
        }
        let gpu = Gpu::open(ordinal)?;
        gpus.push((ordinal, gpu.clone()));
        Ok(gpu)
    })
    .map_err(gpu_error)
}

// ---- DLPack ---------------------------------------------------------------------------

/// DLPack's C structures (dlpack.h, version 1.x), as the standard lays them out.
mod dlpack {
    use std::ffi::c_void;

    /// `kDLCPU`.
    pub const CPU: i32 = 1;
    /// `kDLCUDA`.
    pub const CUDA: i32 = 2;
    /// `kDLInt`.
    pub const INT: u8 = 0;
    /// `kDLFloat`.
    pub const FLOAT: u8 = 2;
    /// `kDLBool`.
    pub const BOOL: u8 = 6;

    /// `DLDevice`.
    #[repr(C)]
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct Device {
        pub device_type: i32,
        pub device_id: i32,
    }

    /// `DLDataType`.
    #[repr(C)]
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct DataType {
        pub code: u8,
        pub bits: u8,
        pub lanes: u16,
    }

    /// `DLTensor`.
    #[repr(C)]
    #[derive(Debug)]
    pub struct Tensor {
        pub data: *mut c_void,
        pub device: Device,
        pub ndim: i32,
        pub dtype: DataType,
        pub shape: *mut i64,
        pub strides: *mut i64,
        pub byte_offset: u64,
    }

    /// `DLManagedTensor` (the legacy, unversioned ABI; capsule `dltensor`).
    #[repr(C)]
    #[derive(Debug)]
    pub struct ManagedTensor {
        pub dl_tensor: Tensor,
        pub manager_ctx: *mut c_void,
        pub deleter: Option<unsafe extern "C" fn(*mut ManagedTensor)>,
    }

    /// `DLPackVersion`.
    #[repr(C)]
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct Version {
        pub major: u32,
        pub minor: u32,
    }

    /// The version this module writes and reads.
    pub const VERSION: Version = Version { major: 1, minor: 0 };

    /// `DLManagedTensorVersioned` (capsule `dltensor_versioned`).
    #[repr(C)]
    #[derive(Debug)]
    pub struct ManagedTensorVersioned {
        pub version: Version,
        pub manager_ctx: *mut c_void,
        pub deleter: Option<unsafe extern "C" fn(*mut ManagedTensorVersioned)>,
        pub flags: u64,
        pub dl_tensor: Tensor,
    }
}

/// The two managed-tensor ABIs, for exporting either.
trait Managed: Sized + 'static {
    /// The capsule's name while unconsumed.
    const NAME: &'static CStr;
    /// A managed tensor around `tensor` with `deleter` and no context yet.
    fn new(tensor: dlpack::Tensor, deleter: unsafe extern "C" fn(*mut Self)) -> Self;
    /// The tensor, to point its shape and strides at their storage.
    fn tensor_mut(&mut self) -> &mut dlpack::Tensor;
    /// Sets `manager_ctx`.
    fn set_context(&mut self, context: *mut c_void);
    /// The deleter.
    fn deleter(&self) -> Option<unsafe extern "C" fn(*mut Self)>;
}

impl Managed for dlpack::ManagedTensor {
    const NAME: &'static CStr = c"dltensor";
    fn new(tensor: dlpack::Tensor, deleter: unsafe extern "C" fn(*mut Self)) -> Self {
        dlpack::ManagedTensor {
            dl_tensor: tensor,
            manager_ctx: std::ptr::null_mut(),
            deleter: Some(deleter),
        }
    }
    fn tensor_mut(&mut self) -> &mut dlpack::Tensor {
        &mut self.dl_tensor
    }
    fn set_context(&mut self, context: *mut c_void) {
        self.manager_ctx = context;
    }
    fn deleter(&self) -> Option<unsafe extern "C" fn(*mut Self)> {
        self.deleter
    }
}

impl Managed for dlpack::ManagedTensorVersioned {
    const NAME: &'static CStr = c"dltensor_versioned";
    fn new(tensor: dlpack::Tensor, deleter: unsafe extern "C" fn(*mut Self)) -> Self {
        dlpack::ManagedTensorVersioned {
            version: dlpack::VERSION,
            manager_ctx: std::ptr::null_mut(),
            deleter: Some(deleter),
            // Writable, not a copy: the consumer shares the batch's buffer.
            flags: 0,
            dl_tensor: tensor,
        }
    }
    fn tensor_mut(&mut self) -> &mut dlpack::Tensor {
        &mut self.dl_tensor
    }
    fn set_context(&mut self, context: *mut c_void) {
        self.manager_ctx = context;
    }
    fn deleter(&self) -> Option<unsafe extern "C" fn(*mut Self)> {
        self.deleter
    }
}

/// One export: the managed tensor first (so a pointer to it is a pointer to the whole), the
/// shape and strides it points to, and the batch's buffers it keeps alive.
#[repr(C)]
#[derive(Debug)]
struct Export<M> {
    managed: M,
    shape: [i64; 4],
    strides: [i64; 4],
    _owner: Arc<Shared>,
}

/// The deleter of an [`Export`]: frees it, releasing its hold on the batch. Any thread may
/// call it; it needs no interpreter.
///
/// # Safety
///
/// `managed` is null or the `managed` field of an `Export<M>` boxed by [`export`], not yet
/// deleted.
unsafe extern "C" fn delete_export<M: Managed>(managed: *mut M) {
    if !managed.is_null() {
        // SAFETY: the caller's promise; `managed` is the first field of a `repr(C)`
        // `Export<M>`, so it is that box's pointer.
        drop(unsafe { Box::from_raw(managed.cast::<Export<M>>()) });
    }
}

/// The destructor of an exported capsule: deletes the tensor unless a consumer took it (and
/// so renamed the capsule `used_…` and took over the deleter).
///
/// # Safety
///
/// Called by CPython with a capsule made by [`export`] for `M`, holding the interpreter.
unsafe extern "C" fn destroy_capsule<M: Managed>(capsule: *mut ffi::PyObject) {
    // SAFETY: `capsule` is a live capsule (the caller's promise); `PyCapsule_IsValid`
    // sets no error, and when it holds, `PyCapsule_GetPointer` returns the non-null
    // pointer `export` stored: an `M` whose deleter frees it, called once, here.
    unsafe {
        if ffi::PyCapsule_IsValid(capsule, M::NAME.as_ptr()) == 1 {
            let managed = ffi::PyCapsule_GetPointer(capsule, M::NAME.as_ptr()).cast::<M>();
            if !managed.is_null()
                && let Some(deleter) = (*managed).deleter()
            {
                deleter(managed);
            }
        }
    }
}

/// A DLPack capsule of `M` for `tensor` (whose shape and strides are set from `shape` and
/// `strides`), keeping `owner` alive until the consumer deletes it.
fn export<'py, M: Managed>(
    py: Python<'py>,
    tensor: dlpack::Tensor,
    shape: [i64; 4],
    strides: [i64; 4],
    owner: Arc<Shared>,
) -> PyResult<Bound<'py, PyAny>> {
    let raw = Box::into_raw(Box::new(Export {
        managed: M::new(tensor, delete_export::<M>),
        shape,
        strides,
        _owner: owner,
    }));
    // SAFETY: `raw` is the box just leaked, valid and unaliased; the shape and strides
    // it points into live as long as the box, which the deleter frees.
    unsafe {
        let export = &mut *raw;
        export.managed.set_context(raw.cast());
        let (shape, strides) = (export.shape.as_mut_ptr(), export.strides.as_mut_ptr());
        let tensor = export.managed.tensor_mut();
        tensor.shape = shape;
        tensor.strides = strides;
    }
    // SAFETY: the pointer is the `M` at the head of the box; the name is a static string
    // (CPython keeps the pointer); the destructor matches `M`.
    let capsule =
        unsafe { ffi::PyCapsule_New(raw.cast(), M::NAME.as_ptr(), Some(destroy_capsule::<M>)) };
    if capsule.is_null() {
        // SAFETY: no capsule holds the box: it is freed once, here.
        unsafe { delete_export::<M>(raw.cast()) };
        return Err(PyErr::fetch(py));
    }
    // SAFETY: `PyCapsule_New` returned a new (owned) reference.
    Ok(unsafe { Bound::from_owned_ptr(py, capsule) })
}

/// A tensor taken from another library's DLPack capsule (renamed `used_…`, as the protocol
/// asks of a consumer), released through its deleter when dropped.
#[derive(Debug)]
struct Imported {
    managed: *mut c_void,
    versioned: bool,
}

impl Imported {
    /// Takes the tensor out of `capsule`.
    fn take(capsule: &Bound<'_, PyAny>) -> PyResult<Imported> {
        let py = capsule.py();
        let names = [
            (c"dltensor_versioned", c"used_dltensor_versioned", true),
            (c"dltensor", c"used_dltensor", false),
        ];
        for (name, used, versioned) in names {
            // SAFETY: `capsule` is a live object; `PyCapsule_IsValid` accepts any object
            // and sets no error.
            if unsafe { ffi::PyCapsule_IsValid(capsule.as_ptr(), name.as_ptr()) } != 1 {
                continue;
            }
            // SAFETY: a valid capsule of that name, so the call succeeds or sets an error.
            let managed = unsafe { ffi::PyCapsule_GetPointer(capsule.as_ptr(), name.as_ptr()) };
            if managed.is_null() {
                return Err(PyErr::fetch(py));
            }
            // SAFETY: as above; the new name is a static string.
            if unsafe { ffi::PyCapsule_SetName(capsule.as_ptr(), used.as_ptr()) } != 0 {
                return Err(PyErr::fetch(py));
            }
            let imported = Imported { managed, versioned };
            if let Some(version) = imported.version()
                && version.major != dlpack::VERSION.major
            {
                return Err(PyBufferError::new_err(format!(
                    "actions: DLPack version {}.{} is not supported (1.x is)",
                    version.major, version.minor
                )));
            }
            return Ok(imported);
        }
        Err(PyTypeError::new_err(
            "actions: __dlpack__ did not return a DLPack capsule (\"dltensor\" or \
             \"dltensor_versioned\", unused)",
        ))
    }

    /// The version of a versioned tensor.
    fn version(&self) -> Option<dlpack::Version> {
        // SAFETY: a versioned capsule holds a `DLManagedTensorVersioned`, whose version
        // comes first in every 1.x and later layout; ours until dropped.
        self.versioned
            .then(|| unsafe { (*self.managed.cast::<dlpack::ManagedTensorVersioned>()).version })
    }

    /// The tensor.
    fn tensor(&self) -> &dlpack::Tensor {
        // SAFETY: the capsule's pointer is a managed tensor of the kind its name says (its
        // major version checked in `take`), owned by `self` until dropped.
        unsafe {
            if self.versioned {
                &(*self.managed.cast::<dlpack::ManagedTensorVersioned>()).dl_tensor
            } else {
                &(*self.managed.cast::<dlpack::ManagedTensor>()).dl_tensor
            }
        }
    }
}

impl Drop for Imported {
    fn drop(&mut self) {
        // SAFETY: the tensor is ours (the capsule was renamed, so its own destructor leaves
        // it); its deleter is called once, here, as the protocol asks.
        unsafe {
            if self.versioned {
                let managed = self.managed.cast::<dlpack::ManagedTensorVersioned>();
                if let Some(deleter) = (*managed).deleter {
                    deleter(managed);
                }
            } else {
                let managed = self.managed.cast::<dlpack::ManagedTensor>();
                if let Some(deleter) = (*managed).deleter {
                    deleter(managed);
                }
            }
        }
    }
}

// ---- The games -------------------------------------------------------------------------

/// What an environment calls on its batch, object-safe, so that one [`Env`] (and one
/// `DeviceArray` class) serves every game: `bitgames_gpu::Batch<G>`'s methods of the same
/// names (whose docs say what each does).
trait Batch: Send + std::fmt::Debug {
    fn reset(&mut self) -> Result<(), Error>;
    fn sample_actions(&mut self) -> Result<(), Error>;
    fn set_actions(&mut self, actions: &[i64]) -> Result<(), Error>;
    fn step(&mut self) -> Result<(), Error>;
    /// # Safety
    ///
    /// As the batches' own: `actions` points to `n` readable, initialised `i64` in this GPU's
    /// memory, which nothing writes until the step's kernels have run.
    unsafe fn step_device_actions(&mut self, actions: u64) -> Result<(), Error>;
    fn synchronize(&self) -> Result<(), Error>;
    fn observations(&self) -> Result<Vec<i8>, Error>;
    fn masks(&self) -> Result<Vec<bool>, Error>;
    fn rewards(&self) -> Result<Vec<f32>, Error>;
    fn terminated(&self) -> Result<Vec<bool>, Error>;
    fn actions(&self) -> Result<Vec<i64>, Error>;
}

impl<G: BatchGame> Batch for GpuBatch<G> {
    fn reset(&mut self) -> Result<(), Error> {
        GpuBatch::reset(self)
    }
    fn sample_actions(&mut self) -> Result<(), Error> {
        GpuBatch::sample_actions(self)
    }
    fn set_actions(&mut self, actions: &[i64]) -> Result<(), Error> {
        GpuBatch::set_actions(self, actions)
    }
    fn step(&mut self) -> Result<(), Error> {
        GpuBatch::step(self)
    }
    unsafe fn step_device_actions(&mut self, actions: u64) -> Result<(), Error> {
        // SAFETY: the caller's promise, the batch's own condition.
        unsafe { GpuBatch::step_device_actions(self, actions) }
    }
    fn synchronize(&self) -> Result<(), Error> {
        GpuBatch::synchronize(self)
    }
    fn observations(&self) -> Result<Vec<i8>, Error> {
        GpuBatch::observations(self)
    }
    fn masks(&self) -> Result<Vec<bool>, Error> {
        GpuBatch::masks(self)
    }
    fn rewards(&self) -> Result<Vec<f32>, Error> {
        GpuBatch::rewards(self)
    }
    fn terminated(&self) -> Result<Vec<bool>, Error> {
        GpuBatch::terminated(self)
    }
    fn actions(&self) -> Result<Vec<i64>, Error> {
        GpuBatch::actions(self)
    }
}

// ---- The environments -----------------------------------------------------------------

/// What the batch's lock guards.
#[derive(Debug)]
struct State {
    batch: Box<dyn Batch>,
    /// Whether the action buffer holds what `sample_actions` drew for the current positions.
    sampled: bool,
}

/// A batch and what its arrays need, shared by the environment, its arrays and their
/// exports (the last of which frees the device buffers).
#[derive(Debug)]
struct Shared {
    /// Locked only with the interpreter released (inside `py.detach`), so a thread
    /// waiting for it never holds the GIL another needs.
    state: Mutex<State>,
    buffers: Buffers,
    n: usize,
    /// The game's actions and observation planes ([`BatchGame::ACTIONS`], [`BatchGame::PLANES`]).
    num_actions: usize,
    planes: [usize; 3],
    ordinal: usize,
    gpu: Gpu,
    /// Whether the action buffer was ever handed out (DLPack, `data_ptr`): from then on
    /// even sampled actions are checked, since the holder may have written into it.
    actions_exposed: AtomicBool,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Drop for Shared {
    fn drop(&mut self) {
        // The last holder may be a DLPack deleter on any thread: make the context current
        // there so the buffers' frees reach the driver.
        let _ = self.gpu.stream().context().bind_to_thread();
    }
}

/// Which of a batch's buffers an array views.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Observations,
    Masks,
    Rewards,
    Terminated,
    Actions,
}

impl Kind {
    /// The shape (first `ndim` entries) and C-contiguous strides in elements, and `ndim`.
    fn layout(self, shared: &Shared) -> ([i64; 4], [i64; 4], usize) {
        let n = shared.n as i64;
        let [p, r, c] = shared.planes.map(|d| d as i64);
        let a = shared.num_actions as i64;
        match self {
            Kind::Observations => ([n, p, r, c], [p * r * c, r * c, c, 1], 4),
            Kind::Masks => ([n, a, 0, 0], [a, 1, 0, 0], 2),
            Kind::Rewards | Kind::Terminated | Kind::Actions => ([n, 0, 0, 0], [1, 0, 0, 0], 1),
        }
    }

    /// The element type in DLPack.
    fn dtype(self) -> dlpack::DataType {
        let (code, bits) = match self {
            Kind::Observations => (dlpack::INT, 8),
            Kind::Masks | Kind::Terminated => (dlpack::BOOL, 8),
            Kind::Rewards => (dlpack::FLOAT, 32),
            Kind::Actions => (dlpack::INT, 64),
        };
        dlpack::DataType {
            code,
            bits,
            lanes: 1,
        }
    }

    /// The element type's NumPy name.
    fn dtype_name(self) -> &'static str {
        match self {
            Kind::Observations => "int8",
            Kind::Masks | Kind::Terminated => "bool",
            Kind::Rewards => "float32",
            Kind::Actions => "int64",
        }
    }

    /// The device address of the buffer.
    fn pointer(self, buffers: &Buffers) -> u64 {
        match self {
            Kind::Observations => buffers.observations,
            Kind::Masks => buffers.masks,
            Kind::Rewards => buffers.rewards,
            Kind::Terminated => buffers.terminated,
            Kind::Actions => buffers.actions,
        }
    }
}

/// A view of one of a `bitgames.cuda` environment's device buffers, exported without a copy
/// through DLPack (`torch.from_dlpack(a)`, `jax.dlpack.from_dlpack(a)`, `cupy.from_dlpack(a)`).
///
/// The buffer is the environment's own: every `reset`, `step` (and, for actions,
/// `sample_actions`) writes it again, and tensors made from it see that; copy what you keep.
/// A view and every tensor made from it keep the buffers alive, even past the environment.
/// `numpy()` copies the contents to the host.
#[pyclass(frozen, name = "DeviceArray", module = "bitgames.cuda")]
#[derive(Debug)]
pub struct DeviceArray {
    shared: Arc<Shared>,
    kind: Kind,
}

impl DeviceArray {
    /// The dimensions.
    fn dims(&self) -> Vec<usize> {
        let (shape, _, ndim) = self.kind.layout(&self.shared);
        shape[..ndim].iter().map(|&d| d as usize).collect()
    }

    /// Marks the action buffer as handed out, when this is it.
    fn expose(&self) {
        if self.kind == Kind::Actions {
            self.shared.actions_exposed.store(true, Ordering::SeqCst);
        }
    }
}

#[pymethods]
impl DeviceArray {
    /// The shape, a tuple.
    #[getter]
    fn shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.dims())
    }

    /// The element type's NumPy name (`int8`, `bool`, `float32`, `int64`).
    #[getter]
    fn dtype(&self) -> &'static str {
        self.kind.dtype_name()
    }

    /// The CUDA device's ordinal.
    #[getter]
    fn device(&self) -> usize {
        self.shared.ordinal
    }

    /// The buffer's device address (what `torch.from_dlpack(a).data_ptr()` reports). For
    /// the action buffer, taking it counts as handing the buffer out (see `step`).
    #[getter]
    fn data_ptr(&self) -> u64 {
        self.expose();
        self.kind.pointer(&self.shared.buffers)
    }

    fn __len__(&self) -> usize {
        self.shared.n
    }

    fn __repr__(&self) -> String {
        let shape = self.dims();
        let shape = if shape.len() == 1 {
            format!("({},)", shape[0])
        } else {
            format!("{shape:?}").replace('[', "(").replace(']', ")")
        };
        format!(
            "DeviceArray(shape={shape}, dtype={}, device=cuda:{})",
            self.dtype(),
            self.shared.ordinal
        )
    }

    /// `(2, device)`: `kDLCUDA` and the device's ordinal.
    fn __dlpack_device__(&self) -> (i32, i32) {
        (dlpack::CUDA, self.shared.ordinal as i32)
    }

    /// The buffer as a DLPack capsule, without a copy (the DLPack protocol of the Python
    /// array API). A `max_version` of 1.x or later gets a versioned capsule, none or 0.x a
    /// legacy one. `stream` is the consumer's: `None`, `1` (legacy default), `2`
    /// (per-thread default) and `-1` need no wait, since the environment works on the
    /// legacy default stream (`0`, which the standard leaves out as ambiguous, is taken as
    /// the legacy stream too); for any other stream the host first waits for the
    /// environment's work to finish. `copy=True` or another `dl_device` raise
    /// `BufferError`: the buffer is only ever shared.
    #[pyo3(signature = (*, stream = None, max_version = None, dl_device = None, copy = None))]
    fn __dlpack__<'py>(
        &self,
        py: Python<'py>,
        stream: Option<i64>,
        max_version: Option<(u32, u32)>,
        dl_device: Option<(i32, i32)>,
        copy: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let ordinal = self.shared.ordinal;
        if let Some(device) = dl_device
            && device != self.__dlpack_device__()
        {
            return Err(PyBufferError::new_err(format!(
                "the array is on CUDA device {ordinal} (DLPack device (2, {ordinal})) and is \
                 not copied to {device:?}: copy it with the consumer's own tools"
            )));
        }
        if copy == Some(true) {
            return Err(PyBufferError::new_err(
                "the environment's arrays are shared, not copied (copy=True): copy the \
                 consumer's tensor instead",
            ));
        }
        if !matches!(stream, None | Some(-1..=2)) {
            let shared = &self.shared;
            py.detach(|| shared.gpu.stream().synchronize())
                .map_err(|err| gpu_error(err.into()))?;
        }
        self.expose();
        let (shape, strides, ndim) = self.kind.layout(&self.shared);
        let tensor = dlpack::Tensor {
            data: self.kind.pointer(&self.shared.buffers) as *mut c_void,
            device: dlpack::Device {
                device_type: dlpack::CUDA,
                device_id: ordinal as i32,
            },
            ndim: ndim as i32,
            dtype: self.kind.dtype(),
            shape: std::ptr::null_mut(),
            strides: std::ptr::null_mut(),
            byte_offset: 0,
        };
        let owner = Arc::clone(&self.shared);
        match max_version {
            Some((major, _)) if major >= 1 => {
                export::<dlpack::ManagedTensorVersioned>(py, tensor, shape, strides, owner)
            }
            _ => export::<dlpack::ManagedTensor>(py, tensor, shape, strides, owner),
        }
    }

    /// The contents copied to the host, as a new NumPy array (after the environment's work
    /// so far has finished).
    fn numpy<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        enum Host {
            I8(Vec<i8>),
            Bool(Vec<bool>),
            F32(Vec<f32>),
            I64(Vec<i64>),
        }
        let (kind, shared) = (self.kind, &self.shared);
        let host = py
            .detach(|| {
                let state = shared.lock();
                let batch = &state.batch;
                Ok::<_, Error>(match kind {
                    Kind::Observations => Host::I8(batch.observations()?),
                    Kind::Masks => Host::Bool(batch.masks()?),
                    Kind::Rewards => Host::F32(batch.rewards()?),
                    Kind::Terminated => Host::Bool(batch.terminated()?),
                    Kind::Actions => Host::I64(batch.actions()?),
                })
            })
            .map_err(gpu_error)?;
        let flat = match host {
            Host::I8(v) => PyArray1::from_vec(py, v).into_any(),
            Host::Bool(v) => PyArray1::from_vec(py, v).into_any(),
            Host::F32(v) => PyArray1::from_vec(py, v).into_any(),
            Host::I64(v) => PyArray1::from_vec(py, v).into_any(),
        };
        flat.call_method1("reshape", (self.shape(py)?,))
    }
}

/// One environment of either game: the batch (shared with its arrays) and the arrays it
/// hands out. `CudaOthello` and `CudaAmazons` each wrap one (see `cuda_env!`), so both
/// classes run this one implementation.
#[derive(Debug)]
struct Env {
    shared: Arc<Shared>,
    strategy: Strategy,
    observations: Py<DeviceArray>,
    masks: Py<DeviceArray>,
    rewards: Py<DeviceArray>,
    terminated: Py<DeviceArray>,
    actions: Py<DeviceArray>,
}

/// What `step` returns: observations, masks, rewards, terminated.
type StepResult = (
    Py<DeviceArray>,
    Py<DeviceArray>,
    Py<DeviceArray>,
    Py<DeviceArray>,
);

/// Where a step's actions come from.
enum Actions {
    /// The batch's own action buffer (a `DeviceArray` of this environment).
    Own,
    /// Copied from the host.
    Host(Vec<i64>),
    /// Another library's device array, taken through DLPack.
    Device(Imported),
}

impl Env {
    /// `n` games of `G` on device `device` (see the classes' `__new__`): the arguments are
    /// checked before the device is opened.
    fn new<G: BatchGame + 'static>(
        py: Python<'_>,
        n: usize,
        seed: u64,
        device: usize,
        strategy: &str,
    ) -> PyResult<Self> {
        if !(1..=MAX_GAMES).contains(&n) {
            return Err(PyValueError::new_err(format!(
                "n must be between 1 and MAX_ENVS = {MAX_GAMES} games, not {n}"
            )));
        }
        let strategy = self::strategy(strategy)?;
        let gpu = open(py, device)?;
        let batch = py
            .detach(|| GpuBatch::<G>::new(&gpu, n, seed, strategy))
            .map_err(gpu_error)?;
        let shared = Arc::new(Shared {
            buffers: batch.buffers(),
            state: Mutex::new(State {
                batch: Box::new(batch),
                sampled: false,
            }),
            n,
            num_actions: G::ACTIONS,
            planes: G::PLANES,
            ordinal: device,
            gpu,
            actions_exposed: AtomicBool::new(false),
        });
        let view = |kind| {
            Py::new(
                py,
                DeviceArray {
                    shared: Arc::clone(&shared),
                    kind,
                },
            )
        };
        Ok(Env {
            observations: view(Kind::Observations)?,
            masks: view(Kind::Masks)?,
            rewards: view(Kind::Rewards)?,
            terminated: view(Kind::Terminated)?,
            actions: view(Kind::Actions)?,
            shared,
            strategy,
        })
    }

    /// Starts every game anew: the observations and masks.
    fn reset(&self, py: Python<'_>) -> PyResult<(Py<DeviceArray>, Py<DeviceArray>)> {
        let shared = &self.shared;
        py.detach(|| {
            let mut state = shared.lock();
            state.sampled = false;
            state.batch.reset()
        })
        .map_err(gpu_error)?;
        Ok((self.observations.clone_ref(py), self.masks.clone_ref(py)))
    }

    /// Draws one legal action per game into the action buffer, and returns it.
    fn sample_actions(&self, py: Python<'_>) -> PyResult<Py<DeviceArray>> {
        let shared = &self.shared;
        py.detach(|| {
            let mut state = shared.lock();
            state.batch.sample_actions()?;
            state.sampled = true;
            Ok(())
        })
        .map_err(gpu_error)?;
        Ok(self.actions.clone_ref(py))
    }

    /// Applies one action per game, checked unless the batch drew them into a buffer no one
    /// else can have written (see the module docs).
    fn step(&self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<StepResult> {
        let actions = self.actions(actions)?;
        let shared = &self.shared;
        let pointer = match &actions {
            Actions::Device(imported) => {
                let tensor = imported.tensor();
                Some(tensor.data as u64 + tensor.byte_offset)
            }
            _ => None,
        };
        let host = match &actions {
            Actions::Host(host) => Some(host.as_slice()),
            _ => None,
        };
        py.detach(|| {
            let mut state = shared.lock();
            let sampled = std::mem::replace(&mut state.sampled, false);
            let batch = &mut state.batch;
            if let Some(host) = host {
                batch.set_actions(host)?;
                return batch.step();
            }
            if let Some(pointer) = pointer {
                // SAFETY: `pointer` is the data of a DLPack tensor checked to be `n`
                // contiguous int64 on this device, which `actions` keeps alive (and its
                // producer leaves alone: asked for on this stream) until the stream is
                // synchronised below.
                let stepped = unsafe { batch.step_device_actions(pointer) };
                let synchronised = batch.synchronize();
                return stepped.and(synchronised);
            }
            if sampled && !shared.actions_exposed.load(Ordering::SeqCst) {
                // Drawn by `sample_actions` for these positions, and no one else can have
                // written the buffer: legal by construction.
                batch.step()
            } else {
                // SAFETY: the batch's own action buffer of `n` int64, which nothing writes
                // while the step runs (the only writers are this batch's calls, serialised by
                // the lock, and the caller's own work on the buffer, ordered on the stream).
                unsafe { batch.step_device_actions(shared.buffers.actions) }
            }
        })
        .map_err(gpu_error)?;
        drop(actions);
        Ok(self.views(py))
    }

    /// Waits for the batch's work on the device to finish.
    fn synchronize(&self, py: Python<'_>) -> PyResult<()> {
        let shared = &self.shared;
        py.detach(|| shared.lock().batch.synchronize())
            .map_err(gpu_error)
    }

    /// The arrays `step` returns.
    fn views(&self, py: Python<'_>) -> StepResult {
        (
            self.observations.clone_ref(py),
            self.masks.clone_ref(py),
            self.rewards.clone_ref(py),
            self.terminated.clone_ref(py),
        )
    }

    /// Copies a NumPy array of actions, or says what is wrong with it.
    fn host_actions(&self, array: &Bound<'_, PyUntypedArray>) -> PyResult<Vec<i64>> {
        let dtype = array.dtype();
        let Ok(array) = array.cast::<PyArray1<i64>>() else {
            return Err(if array.ndim() != 1 {
                PyValueError::new_err(format!(
                    "actions must be a 1-D int64 array of {} entries, not of shape {:?}",
                    self.shared.n,
                    array.shape()
                ))
            } else {
                PyTypeError::new_err(format!("actions must be int64, not {dtype}"))
            });
        };
        let actions = array.try_readonly()?;
        let actions: Vec<i64> = match actions.as_slice() {
            Ok(contiguous) => contiguous.to_vec(),
            Err(_) => actions.as_array().iter().copied().collect(),
        };
        self.check_len(actions.len())?;
        Ok(actions)
    }

    /// `ValueError` unless there is one action per game.
    fn check_len(&self, len: usize) -> PyResult<()> {
        let n = self.shared.n;
        if len != n {
            return Err(PyValueError::new_err(format!(
                "expected {n} actions, got {len}"
            )));
        }
        Ok(())
    }

    /// Takes a DLPack device array's tensor and checks it: this device, int64, `n` entries,
    /// contiguous.
    fn device_actions(&self, actions: &Bound<'_, PyAny>) -> PyResult<Imported> {
        let py = actions.py();
        let kwargs = PyDict::new(py);
        kwargs.set_item("stream", 1)?;
        kwargs.set_item("max_version", (1, 0))?;
        let capsule = match actions.call_method("__dlpack__", (), Some(&kwargs)) {
            Ok(capsule) => capsule,
            // A producer older than DLPack 1.0 knows no `max_version`.
            Err(err) if err.is_instance_of::<PyTypeError>(py) => {
                kwargs.del_item("max_version")?;
                actions.call_method("__dlpack__", (), Some(&kwargs))?
            }
            Err(err) => return Err(err),
        };
        let imported = Imported::take(&capsule)?;
        let tensor = imported.tensor();
        let ordinal = self.shared.ordinal;
        let device = tensor.device;
        if device
            != (dlpack::Device {
                device_type: dlpack::CUDA,
                device_id: ordinal as i32,
            })
        {
            return Err(PyValueError::new_err(format!(
                "actions are on DLPack device ({}, {}), the environment on CUDA device \
                 {ordinal} (2, {ordinal})",
                device.device_type, device.device_id
            )));
        }
        let int64 = dlpack::DataType {
            code: dlpack::INT,
            bits: 64,
            lanes: 1,
        };
        if tensor.dtype != int64 {
            let dtype = tensor.dtype;
            return Err(PyTypeError::new_err(format!(
                "actions must be int64, not DLPack type code {} of {} bits x {} lanes",
                dtype.code, dtype.bits, dtype.lanes
            )));
        }
        if tensor.ndim != 1 {
            return Err(PyValueError::new_err(format!(
                "actions must be a 1-D int64 array of {} entries, not {}-D",
                self.shared.n, tensor.ndim
            )));
        }
        // SAFETY: a 1-D DLPack tensor's shape holds one entry, and its strides (when not
        // null) one; both live while `imported` does.
        let (len, stride) = unsafe {
            (
                *tensor.shape,
                (!tensor.strides.is_null()).then(|| *tensor.strides),
            )
        };
        self.check_len(usize::try_from(len).unwrap_or(usize::MAX))?;
        if stride.is_some_and(|s| s != 1) && len > 1 {
            return Err(PyValueError::new_err(format!(
                "actions must be contiguous, not of stride {} elements: pass a contiguous \
                 copy",
                stride.unwrap_or(1)
            )));
        }
        if tensor.data.is_null() {
            return Err(PyValueError::new_err(
                "actions: the DLPack tensor has no data",
            ));
        }
        Ok(imported)
    }

    /// Sorts out where `actions` come from, checking everything but legality.
    fn actions(&self, actions: &Bound<'_, PyAny>) -> PyResult<Actions> {
        let py = actions.py();
        if let Ok(own) = actions.cast::<DeviceArray>() {
            let own = own.get();
            if Arc::ptr_eq(&own.shared, &self.shared) && own.kind == Kind::Actions {
                return Ok(Actions::Own);
            }
        }
        if let Ok(array) = actions.cast::<PyUntypedArray>() {
            return Ok(Actions::Host(self.host_actions(array)?));
        }
        if let Some(device) = actions.getattr_opt("__dlpack_device__")? {
            let (device_type, device_id): (i32, i32) = device.call0()?.extract()?;
            if device_type == dlpack::CUDA {
                return Ok(Actions::Device(self.device_actions(actions)?));
            }
            if device_type != dlpack::CPU {
                let ordinal = self.shared.ordinal;
                return Err(PyValueError::new_err(format!(
                    "actions are on DLPack device ({device_type}, {device_id}), the \
                     environment on CUDA device {ordinal} (2, {ordinal}): pass a NumPy array \
                     or an array on that device"
                )));
            }
        }
        // A host array of another kind (a CPU tensor, a list): through NumPy.
        let array = py.import("numpy")?.call_method1("asarray", (actions,))?;
        let array = array.cast::<PyUntypedArray>().map_err(|_| {
            PyTypeError::new_err("actions must be an int64 array (NumPy, or DLPack on the device)")
        })?;
        Ok(Actions::Host(self.host_actions(array)?))
    }
}

/// A `bitgames.cuda` environment class `$class` (Python name `$name`) over a batch of the
/// game `$game`: thin methods around one [`Env`], the same for every game.
macro_rules! cuda_env {
    ($(#[$doc:meta])* $class:ident, $name:literal, $game:ty) => {
        $(#[$doc])*
        #[pyclass(frozen, name = $name, module = "bitgames.cuda")]
        #[derive(Debug)]
        pub struct $class(Env);

        #[pymethods]
        impl $class {
            /// The most games an environment holds (2^24).
            #[classattr]
            const MAX_ENVS: usize = MAX_GAMES;

            /// `n` games (1 to `MAX_ENVS`) on CUDA device `device`, their random choices
            /// drawn from `seed`, computed in `strategy` (`shift`, `kogge-stone`, `table`).
            /// `ValueError` for other `n` or strategies, checked before the device is
            /// opened; `RuntimeError` naming what is missing when the CUDA driver, the
            /// device or NVRTC is.
            #[new]
            #[pyo3(signature = (n, seed = 0, device = 0, strategy = "kogge-stone"))]
            fn new(
                py: Python<'_>,
                n: usize,
                seed: u64,
                device: usize,
                strategy: &str,
            ) -> PyResult<Self> {
                Env::new::<$game>(py, n, seed, device, strategy).map($class)
            }

            /// The number of games.
            #[getter]
            fn num_envs(&self) -> usize {
                self.0.shared.n
            }

            /// The number of actions: Othello's 65 (the squares, then the pass), the
            /// Amazons' 100 (the squares; a turn is three sub-actions).
            #[getter]
            fn num_actions(&self) -> usize {
                <$game as BatchGame>::ACTIONS
            }

            /// One game's observation shape: Othello's `(3, 8, 8)`, the Amazons'
            /// `(4, 10, 10)` (the arrays are `[num_envs, *observation_shape]`).
            #[getter]
            fn observation_shape(&self) -> (usize, usize, usize) {
                let [p, r, c] = <$game as BatchGame>::PLANES;
                (p, r, c)
            }

            /// The strategy's name.
            #[getter]
            fn strategy(&self) -> &'static str {
                self.0.strategy.name()
            }

            /// The CUDA device's ordinal.
            #[getter]
            fn device(&self) -> usize {
                self.0.shared.ordinal
            }

            /// The CUDA device's name.
            #[getter]
            fn device_name(&self) -> &str {
                self.0.shared.gpu.name()
            }

            /// Starts every game anew: `(observations, action_masks)`, the environment's
            /// device arrays.
            fn reset(&self, py: Python<'_>) -> PyResult<(Py<DeviceArray>, Py<DeviceArray>)> {
                self.0.reset(py)
            }

            /// One uniformly random legal action per game, drawn on the device from each
            /// game's own generator into the environment's action buffer: an int64
            /// `DeviceArray` of `num_envs`, written again by the next call.
            fn sample_actions(&self, py: Python<'_>) -> PyResult<Py<DeviceArray>> {
                self.0.sample_actions(py)
            }

            /// Applies one action per game: `(observations, action_masks, rewards,
            /// terminated)`, the environment's device arrays (see `bitgames.vector` for
            /// what they hold).
            ///
            /// `actions` is a 1-D int64 array of `num_envs` entries: a NumPy array (copied
            /// to the device), any DLPack array on this device (a CUDA `torch.Tensor`, a
            /// JAX array: read in place, contiguous, before `step` returns), or the array
            /// `sample_actions` returned. Another dtype raises `TypeError`; another shape,
            /// length, layout or device `ValueError`. An action that is not legal in its
            /// game (by the environment's own record) raises `ValueError` naming the game,
            /// and no game moves.
            fn step(&self, py: Python<'_>, actions: &Bound<'_, PyAny>) -> PyResult<StepResult> {
                self.0.step(py, actions)
            }

            /// Waits for the environment's work on the device to finish.
            fn synchronize(&self, py: Python<'_>) -> PyResult<()> {
                self.0.synchronize(py)
            }
        }
    };
}

cuda_env!(
    /// N Othello games stepped at once on a CUDA device: `bitgames.vector.Othello` on the
    /// GPU (see the module docs of `bitgames.cuda`).
    CudaOthello,
    "CudaOthello",
    Othello
);

cuda_env!(
    /// N games of the Amazons stepped at once on a CUDA device, one sub-action a step
    /// (OpenSpiel's numbering: the queen, its destination, the arrow): `bitgames.vector.Amazons`
    /// on the GPU (see the module docs of `bitgames.cuda`).
    CudaAmazons,
    "CudaAmazons",
    Amazons
);

// ---- Module functions -----------------------------------------------------------------

/// Whether CUDA device `device` can be used: the driver loads, reports that device, and NVRTC
/// loads (nothing is compiled).
#[pyfunction]
#[pyo3(signature = (device = 0))]
fn cuda_available(device: usize) -> bool {
    devices() > device && nvrtc_present()
}

/// How many CUDA devices the driver reports (0 without a driver).
#[pyfunction]
fn cuda_device_count() -> usize {
    devices()
}

/// The games of `bitgames.cuda`'s module functions (their `game` argument).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum GameName {
    Othello,
    Amazons,
}

impl GameName {
    /// The game named `name` (`othello`, `amazons`), or `ValueError` listing the names.
    fn parse(name: &str) -> PyResult<GameName> {
        match name {
            "othello" => Ok(GameName::Othello),
            "amazons" => Ok(GameName::Amazons),
            _ => Err(PyValueError::new_err(format!(
                "unknown game {name:?}: expected \"othello\" or \"amazons\""
            ))),
        }
    }
}

/// Perft of `game`'s start position on device `device`: the leaves `depth` plies down for
/// Othello (a forced pass is a ply; 0 to `MAX_PERFT_DEPTH`), `depth` full moves (a queen move
/// and its arrow; 0 to `MAX_AMAZONS_PERFT_DEPTH`) for the Amazons.
#[pyfunction]
#[pyo3(signature = (depth, strategy = "kogge-stone", device = 0, game = "othello"))]
fn cuda_perft(
    py: Python<'_>,
    depth: u32,
    strategy: &str,
    device: usize,
    game: &str,
) -> PyResult<u64> {
    let game = GameName::parse(game)?;
    match game {
        GameName::Othello if depth > MAX_PERFT_DEPTH => {
            return Err(PyValueError::new_err(format!(
                "perft depth {depth} is beyond bitgames.cuda's limit of {MAX_PERFT_DEPTH} (a \
                 launch cannot be interrupted); split deeper counts with bitgames.distributed"
            )));
        }
        GameName::Amazons if depth > MAX_AMAZONS_PERFT_DEPTH => {
            return Err(PyValueError::new_err(format!(
                "Amazons perft depth {depth} is beyond bitgames.cuda's limit of \
                 {MAX_AMAZONS_PERFT_DEPTH} moves (the host holds all but the last two moves' \
                 positions, and a launch cannot be interrupted); split deeper counts with \
                 bitgames.distributed"
            )));
        }
        _ => {}
    }
    let strategy = self::strategy(strategy)?;
    let gpu = open(py, device)?;
    py.detach(|| match game {
        GameName::Othello => {
            othello::perft(&gpu, strategy, &bitgames::othello::Position::start(), depth)
        }
        GameName::Amazons => {
            amazons::perft(&gpu, strategy, &bitgames::amazons::Position::start(), depth)
        }
    })
    .map_err(gpu_error)
}

/// `games_per_thread` uniformly random games of `game` from the start on each of `threads`
/// device threads: a dict of `games` and `steps` (environment steps: Othello's plies, passes
/// included; the Amazons' sub-actions, three a move), with Othello's `black_wins` and
/// `draws` or the Amazons' `white_wins` (there are no draws).
#[pyfunction]
#[pyo3(signature = (
    threads,
    games_per_thread,
    seed = 0,
    strategy = "kogge-stone",
    device = 0,
    game = "othello",
))]
fn cuda_playouts<'py>(
    py: Python<'py>,
    threads: u64,
    games_per_thread: u32,
    seed: u64,
    strategy: &str,
    device: usize,
    game: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let game = GameName::parse(game)?;
    if !(1..=MAX_PLAYOUT_THREADS).contains(&threads) {
        return Err(PyValueError::new_err(format!(
            "threads must be between 1 and {MAX_PLAYOUT_THREADS}, not {threads}"
        )));
    }
    let games = threads * u64::from(games_per_thread);
    if games_per_thread == 0 || games > MAX_PLAYOUT_GAMES {
        return Err(PyValueError::new_err(format!(
            "games_per_thread must be at least 1, and threads * games_per_thread at most \
             {MAX_PLAYOUT_GAMES}, not {threads} * {games_per_thread}"
        )));
    }
    let strategy = self::strategy(strategy)?;
    let gpu = open(py, device)?;
    let totals = py
        .detach(|| -> Result<_, Error> {
            Ok(match game {
                GameName::Othello => {
                    let t = othello::playouts(&gpu, strategy, threads, games_per_thread, seed)?;
                    [
                        ("games", t.games),
                        ("steps", t.steps),
                        ("black_wins", t.black_wins),
                        ("draws", t.draws),
                    ]
                    .to_vec()
                }
                GameName::Amazons => {
                    let t = amazons::playouts(&gpu, strategy, threads, games_per_thread, seed)?;
                    [
                        ("games", t.games),
                        ("steps", t.steps),
                        ("white_wins", t.white_wins),
                    ]
                    .to_vec()
                }
            })
        })
        .map_err(gpu_error)?;
    let dict = PyDict::new(py);
    for (key, value) in totals {
        dict.set_item(key, value)?;
    }
    Ok(dict)
}

/// `game`'s kernels compiled by NVRTC for compute capability `capability` (major, minor):
/// the CUBIN's bytes (an ELF). Needs NVRTC only, no driver or device.
#[pyfunction]
#[pyo3(signature = (capability = (9, 0), game = "othello"))]
fn cuda_compile_kernels<'py>(
    py: Python<'py>,
    capability: (i32, i32),
    game: &str,
) -> PyResult<Bound<'py, PyBytes>> {
    let game = GameName::parse(game)?;
    let (major, minor) = capability;
    if !(1..=99).contains(&major) || !(0..=9).contains(&minor) {
        return Err(PyValueError::new_err(format!(
            "a compute capability is (major, minor), such as (9, 0), not {capability:?}"
        )));
    }
    let cubin = py
        .detach(|| {
            let source = match game {
                GameName::Othello => bitgames_gpu::source::othello(),
                GameName::Amazons => bitgames_gpu::source::amazons(),
            };
            bitgames_gpu::compile(&source, capability)
        })
        .map_err(gpu_error)?;
    Ok(PyBytes::new(py, &cubin))
}

/// Registers the CUDA classes and functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<CudaOthello>()?;
    m.add_class::<CudaAmazons>()?;
    m.add_class::<DeviceArray>()?;
    m.add("CUDA_MAX_ENVS", MAX_ENVS)?;
    m.add("CUDA_MAX_PERFT_DEPTH", MAX_PERFT_DEPTH)?;
    m.add("CUDA_MAX_AMAZONS_PERFT_DEPTH", MAX_AMAZONS_PERFT_DEPTH)?;
    m.add(
        "CUDA_STRATEGIES",
        Strategy::ALL.map(Strategy::name).into_py_any(m.py())?,
    )?;
    m.add_function(wrap_pyfunction!(cuda_available, m)?)?;
    m.add_function(wrap_pyfunction!(cuda_device_count, m)?)?;
    m.add_function(wrap_pyfunction!(cuda_perft, m)?)?;
    m.add_function(wrap_pyfunction!(cuda_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(cuda_compile_kernels, m)?)?;
    Ok(())
}
