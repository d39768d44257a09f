//! Batched Othello ([`othello`]) and Game of the Amazons ([`amazons`]) on CUDA GPUs:
//! environments with automatic reset that write observations, action masks, rewards and
//! terminations into device buffers; random playouts; perft; and the operations alone, each
//! in the strategies of the CPU crates bitgames-othello and bitgames-amazons that share a name
//! (`shift`, `kogge-stone`, `table`).
//!
//! The kernels are CUDA C++ in `kernels/`, compiled at run time by NVRTC for the device at
//! hand ([`Gpu::open`]); the CUDA driver and NVRTC are loaded when first used. So this crate
//! builds, and everything that depends on it runs, on machines without CUDA: there
//! [`Gpu::open`] returns a typed [`Error`] naming what is missing.
//!
//! The same kernel source also compiles as plain C++ ([`source::HOST_EMULATION`]): the
//! tests run every kernel on the host that way and compare it with the CPU crates, so the
//! kernels' logic is proven on every machine, and on a GPU the tests in `tests/gpu.rs` prove
//! the device equal to the CPU too.
#![deny(missing_docs)]

pub mod amazons;
pub mod batch;
pub mod bench;
mod common;
mod device;
mod error;
pub mod othello;
pub mod source;
mod strategy;

pub use batch::{Batch, BatchGame, Buffers};
pub use device::{Gpu, compile};
pub use error::Error;
pub use strategy::{Strategy, UnknownStrategy};
