//! DLPack (dlpack.h, version 1.x) for `bitgames.cuda`: the C structures as the standard lays
//! them out, the capsules `DeviceArray.__dlpack__` hands out (a managed tensor that keeps the
//! batch's buffers alive until the consumer's deleter frees it), and the tensors `step` takes
//! from another library's capsule.
//!
//! Kept apart from the environments because it is the one place that trusts foreign
//! pointers and a C deleter protocol: every `unsafe` block about capsules is here.

use std::ffi::{CStr, c_void};

use pyo3::exceptions::{PyBufferError, PyTypeError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyDict;

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

impl Device {
    /// CUDA device `ordinal`, where the environments' buffers live.
    pub fn cuda(ordinal: usize) -> Device {
        Device {
            device_type: CUDA,
            device_id: ordinal as i32,
        }
    }
}

/// `DLDataType`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DataType {
    pub code: u8,
    pub bits: u8,
    pub lanes: u16,
}

impl DataType {
    /// One lane of `bits` bits of type `code`: every element type the environments use.
    pub fn scalar(code: u8, bits: u8) -> DataType {
        DataType {
            code,
            bits,
            lanes: 1,
        }
    }
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

/// The two managed-tensor ABIs, for exporting and importing either.
trait Managed: Sized + 'static {
    /// The capsule's name while unconsumed.
    const NAME: &'static CStr;
    /// A managed tensor around `tensor` with `deleter` and no context yet.
    fn new(tensor: Tensor, deleter: unsafe extern "C" fn(*mut Self)) -> Self;
    /// The tensor.
    fn tensor(&self) -> &Tensor;
    /// The tensor, to point its shape and strides at their storage.
    fn tensor_mut(&mut self) -> &mut Tensor;
    /// Sets `manager_ctx`.
    fn set_context(&mut self, context: *mut c_void);
    /// The deleter.
    fn deleter(&self) -> Option<unsafe extern "C" fn(*mut Self)>;
}

/// The accessors of [`Managed`], the same for both ABIs: their fields share names and types.
macro_rules! managed_accessors {
    () => {
        fn tensor(&self) -> &Tensor {
            &self.dl_tensor
        }
        fn tensor_mut(&mut self) -> &mut Tensor {
            &mut self.dl_tensor
        }
        fn set_context(&mut self, context: *mut c_void) {
            self.manager_ctx = context;
        }
        fn deleter(&self) -> Option<unsafe extern "C" fn(*mut Self)> {
            self.deleter
        }
    };
}

impl Managed for ManagedTensor {
    const NAME: &'static CStr = c"dltensor";
    fn new(tensor: Tensor, deleter: unsafe extern "C" fn(*mut Self)) -> Self {
        ManagedTensor {
            dl_tensor: tensor,
            manager_ctx: std::ptr::null_mut(),
            deleter: Some(deleter),
        }
    }
    managed_accessors!();
}

impl Managed for ManagedTensorVersioned {
    const NAME: &'static CStr = c"dltensor_versioned";
    fn new(tensor: Tensor, deleter: unsafe extern "C" fn(*mut Self)) -> Self {
        ManagedTensorVersioned {
            version: VERSION,
            manager_ctx: std::ptr::null_mut(),
            deleter: Some(deleter),
            // Writable, not a copy: the consumer shares the batch's buffer.
            flags: 0,
            dl_tensor: tensor,
        }
    }
    managed_accessors!();
}

/// Calls `managed`'s deleter, if it has one.
///
/// # Safety
///
/// `managed` is a live managed tensor that the caller owns; it is not used afterwards.
unsafe fn release<M: Managed>(managed: *mut M) {
    // SAFETY: the caller's promise: `managed` is live and its deleter is called once, here.
    unsafe {
        if let Some(deleter) = (*managed).deleter() {
            deleter(managed);
        }
    }
}

/// One export: the managed tensor first (so a pointer to it is a pointer to the whole), the
/// shape and strides it points to, and the owner of the memory it keeps alive.
#[repr(C)]
#[derive(Debug)]
struct Export<M, O> {
    managed: M,
    shape: [i64; 4],
    strides: [i64; 4],
    _owner: O,
}

/// The deleter of an [`Export`]: frees it, releasing its hold on the owner. Any thread may
/// call it; it needs no interpreter.
///
/// # Safety
///
/// `managed` is null or the `managed` field of an `Export<M, O>` boxed by [`export`], not
/// yet deleted.
unsafe extern "C" fn delete_export<M: Managed, O>(managed: *mut M) {
    if !managed.is_null() {
        // SAFETY: the caller's promise; `managed` is the first field of a `repr(C)`
        // `Export<M, O>`, so it is that box's pointer.
        drop(unsafe { Box::from_raw(managed.cast::<Export<M, O>>()) });
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
            if !managed.is_null() {
                release(managed);
            }
        }
    }
}

/// A DLPack capsule of `M` for `tensor` (whose shape and strides are set from `shape` and
/// `strides`), keeping `owner` alive until the consumer deletes it.
fn export<'py, M: Managed, O: Send + 'static>(
    py: Python<'py>,
    tensor: Tensor,
    shape: [i64; 4],
    strides: [i64; 4],
    owner: O,
) -> PyResult<Bound<'py, PyAny>> {
    let raw = Box::into_raw(Box::new(Export {
        managed: M::new(tensor, delete_export::<M, O>),
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
        unsafe { delete_export::<M, O>(raw.cast()) };
        return Err(PyErr::fetch(py));
    }
    // SAFETY: `PyCapsule_New` returned a new (owned) reference.
    Ok(unsafe { Bound::from_owned_ptr(py, capsule) })
}

/// The capsule `__dlpack__` returns for `tensor` (its shape and strides set from `shape` and
/// `strides`), keeping `owner` alive until the consumer deletes it: versioned when the
/// consumer's `max_version` is 1.x or later, legacy for none or 0.x.
pub fn capsule<'py, O: Send + 'static>(
    py: Python<'py>,
    tensor: Tensor,
    (shape, strides): ([i64; 4], [i64; 4]),
    max_version: Option<(u32, u32)>,
    owner: O,
) -> PyResult<Bound<'py, PyAny>> {
    match max_version {
        Some((major, _)) if major >= 1 => {
            export::<ManagedTensorVersioned, O>(py, tensor, shape, strides, owner)
        }
        _ => export::<ManagedTensor, O>(py, tensor, shape, strides, owner),
    }
}

/// What `__dlpack__` refuses of a buffer on CUDA device `ordinal` that is only ever shared:
/// another `dl_device`, and `copy=True` (`BufferError`).
pub fn check_request(
    ordinal: usize,
    dl_device: Option<(i32, i32)>,
    copy: Option<bool>,
) -> PyResult<()> {
    if let Some(device) = dl_device
        && device != (CUDA, ordinal as i32)
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
    Ok(())
}

/// Whether a consumer on `stream` (`__dlpack__`'s argument) must wait for work on the legacy
/// default stream: not on that stream (`None`, `1`, and `0`, which the standard leaves out as
/// ambiguous), the per-thread default stream (`2`, which synchronises with it), or when it
/// asks for no synchronisation (`-1`).
pub fn must_wait(stream: Option<i64>) -> bool {
    !matches!(stream, None | Some(-1..=2))
}

/// A tensor taken from another library's DLPack capsule (renamed `used_…`, as the protocol
/// asks of a consumer), released through its deleter when dropped.
#[derive(Debug)]
pub struct Imported {
    managed: *mut c_void,
    versioned: bool,
}

impl Imported {
    /// Asks `array` for its capsule on the legacy default stream (`stream=1`, so the producer
    /// orders its own writes before ours), versioned where the producer knows `max_version`,
    /// and takes the tensor out of it.
    pub fn request(array: &Bound<'_, PyAny>) -> PyResult<Imported> {
        let py = array.py();
        let kwargs = PyDict::new(py);
        kwargs.set_item("stream", 1)?;
        kwargs.set_item("max_version", (1, 0))?;
        let capsule = match array.call_method("__dlpack__", (), Some(&kwargs)) {
            Ok(capsule) => capsule,
            // A producer older than DLPack 1.0 knows no `max_version`.
            Err(err) if err.is_instance_of::<PyTypeError>(py) => {
                kwargs.del_item("max_version")?;
                array.call_method("__dlpack__", (), Some(&kwargs))?
            }
            Err(err) => return Err(err),
        };
        Imported::take(&capsule)
    }

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
                && version.major != VERSION.major
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
    fn version(&self) -> Option<Version> {
        // SAFETY: a versioned capsule holds a `DLManagedTensorVersioned`, whose version
        // comes first in every 1.x and later layout; ours until dropped.
        self.versioned
            .then(|| unsafe { (*self.managed.cast::<ManagedTensorVersioned>()).version })
    }

    /// The tensor.
    pub fn tensor(&self) -> &Tensor {
        // SAFETY: the capsule's pointer is a managed tensor of the kind its name says (its
        // major version checked in `take`), owned by `self` until dropped.
        unsafe {
            if self.versioned {
                (*self.managed.cast::<ManagedTensorVersioned>()).tensor()
            } else {
                (*self.managed.cast::<ManagedTensor>()).tensor()
            }
        }
    }

    /// The length and the stride (`None` where the strides are null, that is contiguous) of
    /// a 1-D tensor; `None` for any other number of dimensions.
    pub fn vector_layout(&self) -> Option<(i64, Option<i64>)> {
        let tensor = self.tensor();
        if tensor.ndim != 1 {
            return None;
        }
        // SAFETY: a 1-D DLPack tensor's shape holds one entry, and its strides (when not
        // null) one; both live while `self` does.
        Some(unsafe {
            (
                *tensor.shape,
                (!tensor.strides.is_null()).then(|| *tensor.strides),
            )
        })
    }

    /// The device address of the tensor's first element.
    pub fn data_address(&self) -> u64 {
        let tensor = self.tensor();
        tensor.data as u64 + tensor.byte_offset
    }
}

impl Drop for Imported {
    fn drop(&mut self) {
        // SAFETY: the tensor is ours (the capsule was renamed, so its own destructor leaves
        // it); its deleter is called once, here, as the protocol asks.
        unsafe {
            if self.versioned {
                release(self.managed.cast::<ManagedTensorVersioned>());
            } else {
                release(self.managed.cast::<ManagedTensor>());
            }
        }
    }
}
