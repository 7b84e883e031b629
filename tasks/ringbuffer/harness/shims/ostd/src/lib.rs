//! The part of `ostd` the ring buffer imports (`ostd::mm::{FrameAllocOptions, PAGE_SIZE, Segment,
//! VmIo, io::util::HasVmReaderWriter}`), with the signatures of `ostd` 0.19.0, over ordinary heap
//! memory. A segment is shared by the producer and the consumer, which touch disjoint slots, so
//! all accesses are raw byte copies, never references into the segment.

use std::fmt;

/// `ostd::Error`, reduced to what these shims can return.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Error {
    InvalidArgs,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

pub type Result<T> = core::result::Result<T, Error>;

pub mod mm {
    use std::{cell::UnsafeCell, marker::PhantomData, sync::Arc};

    use ostd_pod::{IntoBytes, Pod};

    use crate::{Error, Result};

    pub const PAGE_SIZE: usize = 4096;

    /// `FrameAllocOptions`: allocates `nframes * PAGE_SIZE` bytes. A segment that is not
    /// `zeroed` is filled with 0xA5 bytes, so reading an unwritten slot is visible.
    pub struct FrameAllocOptions {
        zeroed: bool,
    }

    impl FrameAllocOptions {
        pub fn new() -> Self {
            FrameAllocOptions { zeroed: true }
        }

        pub fn zeroed(&mut self, zeroed: bool) -> &mut Self {
            self.zeroed = zeroed;
            self
        }

        pub fn alloc_segment(&self, nframes: usize) -> Result<Segment<()>> {
            if nframes == 0 {
                return Err(Error::InvalidArgs);
            }
            let fill = if self.zeroed { 0 } else { 0xA5 };
            let bytes: Box<[UnsafeCell<u8>]> =
                (0..nframes * PAGE_SIZE).map(|_| UnsafeCell::new(fill)).collect();
            Ok(Segment { memory: Arc::new(Memory { bytes }), phantom: PhantomData })
        }
    }

    impl Default for FrameAllocOptions {
        fn default() -> Self {
            Self::new()
        }
    }

    struct Memory {
        bytes: Box<[UnsafeCell<u8>]>,
    }

    // SAFETY: the memory is only accessed through raw byte copies, like physical frames.
    unsafe impl Sync for Memory {}
    unsafe impl Send for Memory {}

    impl Memory {
        fn base(&self) -> *mut u8 {
            UnsafeCell::raw_get(self.bytes.as_ptr())
        }

        fn len(&self) -> usize {
            self.bytes.len()
        }
    }

    /// `Segment<M>`: contiguous frames with metadata `M`.
    pub struct Segment<M> {
        memory: Arc<Memory>,
        phantom: PhantomData<M>,
    }

    /// `VmIo`: byte-addressed reads and writes at an offset.
    pub trait VmIo {
        fn read_bytes(&self, offset: usize, buffer: &mut [u8]) -> Result<()>;
        fn write_bytes(&self, offset: usize, buffer: &[u8]) -> Result<()>;

        fn read_slice<T: Pod>(&self, offset: usize, slice: &mut [T]) -> Result<()> {
            self.read_bytes(offset, slice.as_mut_bytes())
        }

        fn write_slice<T: Pod>(&self, offset: usize, slice: &[T]) -> Result<()> {
            self.write_bytes(offset, slice.as_bytes())
        }

        fn read_val<T: Pod>(&self, offset: usize) -> Result<T> {
            let mut value = T::new_zeroed();
            self.read_bytes(offset, value.as_mut_bytes())?;
            Ok(value)
        }

        fn write_val<T: Pod>(&self, offset: usize, value: &T) -> Result<()> {
            self.write_bytes(offset, value.as_bytes())
        }
    }

    impl<M> VmIo for Segment<M> {
        fn read_bytes(&self, offset: usize, buffer: &mut [u8]) -> Result<()> {
            if offset.checked_add(buffer.len()).is_none_or(|end| end > self.memory.len()) {
                return Err(Error::InvalidArgs);
            }
            // SAFETY: in bounds; the segment is never borrowed as a reference.
            unsafe {
                core::ptr::copy_nonoverlapping(
                    self.memory.base().add(offset),
                    buffer.as_mut_ptr(),
                    buffer.len(),
                )
            };
            Ok(())
        }

        fn write_bytes(&self, offset: usize, buffer: &[u8]) -> Result<()> {
            if offset.checked_add(buffer.len()).is_none_or(|end| end > self.memory.len()) {
                return Err(Error::InvalidArgs);
            }
            // SAFETY: as above.
            unsafe {
                core::ptr::copy_nonoverlapping(
                    buffer.as_ptr(),
                    self.memory.base().add(offset),
                    buffer.len(),
                )
            };
            Ok(())
        }
    }

    pub mod io {
        pub mod util {
            use super::super::{Segment, VmReader, VmWriter};

            /// `HasVmReaderWriter`: a reader and a writer over the whole object.
            pub trait HasVmReaderWriter {
                fn reader(&self) -> VmReader<'_>;
                fn writer(&self) -> VmWriter<'_>;
            }

            impl<M> HasVmReaderWriter for Segment<M> {
                fn reader(&self) -> VmReader<'_> {
                    VmReader { segment: self.as_unit(), cursor: 0 }
                }

                fn writer(&self) -> VmWriter<'_> {
                    VmWriter { segment: self.as_unit(), cursor: 0 }
                }
            }
        }
    }

    impl<M> Segment<M> {
        fn as_unit(&self) -> &dyn VmIoBytes {
            self
        }
    }

    /// Object-safe byte access, for the reader and writer.
    trait VmIoBytes {
        fn read_at(&self, offset: usize, buffer: &mut [u8]) -> Result<()>;
        fn write_at(&self, offset: usize, buffer: &[u8]) -> Result<()>;
        fn size(&self) -> usize;
    }

    impl<M> VmIoBytes for Segment<M> {
        fn read_at(&self, offset: usize, buffer: &mut [u8]) -> Result<()> {
            self.read_bytes(offset, buffer)
        }

        fn write_at(&self, offset: usize, buffer: &[u8]) -> Result<()> {
            self.write_bytes(offset, buffer)
        }

        fn size(&self) -> usize {
            self.memory.len()
        }
    }

    /// `VmReader`: a cursor reading from the segment.
    pub struct VmReader<'a> {
        segment: &'a dyn VmIoBytes,
        cursor: usize,
    }

    impl VmReader<'_> {
        pub fn remain(&self) -> usize {
            self.segment.size() - self.cursor
        }

        pub fn skip(&mut self, nbytes: usize) -> &mut Self {
            assert!(nbytes <= self.remain());
            self.cursor += nbytes;
            self
        }

        pub fn read_val<T: Pod>(&mut self) -> Result<T> {
            if self.remain() < size_of::<T>() {
                return Err(Error::InvalidArgs);
            }
            let mut value = T::new_zeroed();
            self.segment.read_at(self.cursor, value.as_mut_bytes())?;
            self.cursor += size_of::<T>();
            Ok(value)
        }
    }

    /// `VmWriter`: a cursor writing into the segment.
    pub struct VmWriter<'a> {
        segment: &'a dyn VmIoBytes,
        cursor: usize,
    }

    impl VmWriter<'_> {
        pub fn avail(&self) -> usize {
            self.segment.size() - self.cursor
        }

        pub fn skip(&mut self, nbytes: usize) -> &mut Self {
            assert!(nbytes <= self.avail());
            self.cursor += nbytes;
            self
        }

        pub fn write_val<T: Pod>(&mut self, value: &T) -> Result<()> {
            if self.avail() < size_of::<T>() {
                return Err(Error::InvalidArgs);
            }
            self.segment.write_at(self.cursor, value.as_bytes())?;
            self.cursor += size_of::<T>();
            Ok(())
        }
    }
}
