//! The environments of `bitgames.cuda`: one implementation ([`Env`] over the object-safe
//! [`Batch`] trait) behind both game classes, and the [`DeviceArray`] views of a batch's
//! device buffers that it hands out (see the parent module's docs for streams, legality and
//! what an exported tensor keeps alive).

use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use bitgames_gpu::amazons::Amazons;
use bitgames_gpu::batch::MAX_GAMES;
use bitgames_gpu::othello::Othello;
use bitgames_gpu::{Batch as GpuBatch, BatchGame, Buffers, Error, Gpu, Strategy};
use numpy::{PyArray1, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use super::dlpack::{self, Imported};
use super::{gpu_error, open};

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
        dlpack::DataType::scalar(code, bits)
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
        dlpack::check_request(ordinal, dl_device, copy)?;
        if dlpack::must_wait(stream) {
            let shared = &self.shared;
            py.detach(|| shared.gpu.stream().synchronize())
                .map_err(|err| gpu_error(err.into()))?;
        }
        self.expose();
        let (shape, strides, ndim) = self.kind.layout(&self.shared);
        let tensor = dlpack::Tensor {
            data: self.kind.pointer(&self.shared.buffers) as *mut c_void,
            device: dlpack::Device::cuda(ordinal),
            ndim: ndim as i32,
            dtype: self.kind.dtype(),
            shape: std::ptr::null_mut(),
            strides: std::ptr::null_mut(),
            byte_offset: 0,
        };
        let owner = Arc::clone(&self.shared);
        dlpack::capsule(py, tensor, (shape, strides), max_version, owner)
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
        let strategy = super::strategy(strategy)?;
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
            Actions::Device(imported) => Some(imported.data_address()),
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
        let imported = Imported::request(actions)?;
        let tensor = imported.tensor();
        let ordinal = self.shared.ordinal;
        let device = tensor.device;
        if device != dlpack::Device::cuda(ordinal) {
            return Err(PyValueError::new_err(format!(
                "actions are on DLPack device ({}, {}), the environment on CUDA device \
                 {ordinal} (2, {ordinal})",
                device.device_type, device.device_id
            )));
        }
        if tensor.dtype != dlpack::DataType::scalar(dlpack::INT, 64) {
            let dtype = tensor.dtype;
            return Err(PyTypeError::new_err(format!(
                "actions must be int64, not DLPack type code {} of {} bits x {} lanes",
                dtype.code, dtype.bits, dtype.lanes
            )));
        }
        let Some((len, stride)) = imported.vector_layout() else {
            return Err(PyValueError::new_err(format!(
                "actions must be a 1-D int64 array of {} entries, not {}-D",
                self.shared.n, tensor.ndim
            )));
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
