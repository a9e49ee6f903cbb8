//! Where a report goes, decided by what its path is: the suite's and `suite-merge`'s one
//! writer of report files.
//!
//! - nothing there yet, or a regular file (also at the end of symbolic links): the report is
//!   written to a temporary file beside it and renamed onto it when finished, so the file only
//!   ever holds a whole report (a link stays a link: its target is replaced);
//! - a device, a FIFO or a socket (`/dev/null`, a named pipe a reader waits on): never replaced,
//!   but written into, the whole report when it is finished (gathered meanwhile in a temporary
//!   file under `TMPDIR`);
//! - `/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`: the process's own open
//!   descriptor, written into, so `--json /dev/stdout` prints the report where the output goes
//!   (a file the shell opened keeps its offset);
//! - a directory: refused.
//!
//! [`Destination::append`] opens the same destinations for a stream of lines (JSON Lines).

use std::fs::{File, OpenOptions};
use std::io::{self, Seek, Write};
use std::path::{Path, PathBuf};

/// Links followed before giving up (as the kernel's limit).
const MAX_LINKS: usize = 40;

/// What a report path names.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Destination {
    /// A regular file or nothing: replaced atomically (the path after any links).
    Replace(PathBuf),
    /// A device, FIFO or socket: written into.
    Into(PathBuf),
    /// One of the process's open descriptors.
    Descriptor(i32),
}

impl Destination {
    /// What `path` names, its links followed.
    pub fn of(path: &Path) -> io::Result<Destination> {
        let mut current = path.to_path_buf();
        for _ in 0..MAX_LINKS {
            if let Some(fd) = descriptor_path(&current) {
                return Ok(Destination::Descriptor(fd));
            }
            let meta = match std::fs::symlink_metadata(&current) {
                Ok(meta) => meta,
                Err(e) if e.kind() == io::ErrorKind::NotFound => {
                    return Ok(Destination::Replace(current))
                }
                Err(e) => return Err(e),
            };
            let kind = meta.file_type();
            if kind.is_symlink() {
                let target = std::fs::read_link(&current)?;
                current = match current.parent() {
                    Some(parent) if target.is_relative() => parent.join(target),
                    _ => target,
                };
            } else if kind.is_file() {
                return Ok(Destination::Replace(current));
            } else if kind.is_dir() {
                return Err(io::Error::other("it is a directory"));
            } else {
                return Ok(Destination::Into(current));
            }
        }
        Err(io::Error::other("too many levels of symbolic links"))
    }

    /// Opens the destination for lines appended as they come (`truncate`: a regular file starts
    /// empty; devices and descriptors are never truncated).
    pub fn append(&self, truncate: bool) -> io::Result<File> {
        match self {
            Destination::Replace(path) => OpenOptions::new()
                .create(true)
                .append(!truncate)
                .write(true)
                .truncate(truncate)
                .open(path),
            Destination::Into(path) => OpenOptions::new().write(true).open(path),
            Destination::Descriptor(fd) => duplicate(*fd),
        }
    }
}

/// The descriptor a path names directly: `/dev/stdout` (1), `/dev/stderr` (2), `/dev/stdin`
/// (0), `/dev/fd/N`, `/proc/self/fd/N`.
fn descriptor_path(path: &Path) -> Option<i32> {
    let text = path.to_str()?;
    match text {
        "/dev/stdin" => return Some(0),
        "/dev/stdout" => return Some(1),
        "/dev/stderr" => return Some(2),
        _ => {}
    }
    let number = text
        .strip_prefix("/dev/fd/")
        .or_else(|| text.strip_prefix("/proc/self/fd/"))?;
    number.parse().ok()
}

/// A `File` on a duplicate of the process's descriptor `fd`.
#[cfg(unix)]
fn duplicate(fd: i32) -> io::Result<File> {
    use std::os::unix::io::FromRawFd;
    // SAFETY: dup returns a new descriptor (or -1) that nothing else owns; the File takes it.
    let copy = unsafe { libc::dup(fd) };
    if copy < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: `copy` is a valid, open descriptor owned by no one else.
    Ok(unsafe { File::from_raw_fd(copy) })
}

#[cfg(not(unix))]
fn duplicate(_fd: i32) -> io::Result<File> {
    Err(io::Error::other("descriptors cannot be named here"))
}

/// A report being written: to a temporary file, moved or copied to its destination when
/// finished ([`ReportTarget::finish`]); dropped unfinished, the temporary file is removed and
/// the destination is untouched.
pub struct ReportTarget {
    destination: Destination,
    temporary: PathBuf,
    file: Option<File>,
}

impl ReportTarget {
    /// Starts a report for `path`.
    pub fn create(path: &Path) -> io::Result<ReportTarget> {
        let destination = Destination::of(path)?;
        let name = path
            .file_name()
            .ok_or_else(|| io::Error::other("the report path names no file"))?;
        let mut temporary_name = std::ffi::OsString::from(".");
        temporary_name.push(name);
        temporary_name.push(format!(".partial-{}", std::process::id()));
        let temporary = match &destination {
            // Beside the file, so the rename is atomic.
            Destination::Replace(target) => target.with_file_name(temporary_name),
            Destination::Into(_) | Destination::Descriptor(_) => {
                std::env::temp_dir().join(temporary_name)
            }
        };
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&temporary)?;
        Ok(ReportTarget {
            destination,
            temporary,
            file: Some(file),
        })
    }

    /// The temporary file the report is written to.
    pub fn file(&self) -> io::Result<&File> {
        self.file
            .as_ref()
            .ok_or_else(|| io::Error::other("the report is already finished"))
    }

    /// Moves the written report onto its destination, or copies it into it.
    pub fn finish(mut self) -> io::Result<()> {
        let mut file = self
            .file
            .take()
            .ok_or_else(|| io::Error::other("the report is already finished"))?;
        let result = match &self.destination {
            Destination::Replace(target) => {
                file.sync_all()?;
                std::fs::rename(&self.temporary, target)
            }
            other => {
                file.rewind()?;
                let mut into = other.append(false)?;
                io::copy(&mut file, &mut into)
                    .and_then(|_| into.flush())
                    .and_then(|()| std::fs::remove_file(&self.temporary))
            }
        };
        if result.is_err() {
            let _ = std::fs::remove_file(&self.temporary);
        }
        result
    }
}

impl Drop for ReportTarget {
    fn drop(&mut self) {
        if self.file.is_some() {
            let _ = std::fs::remove_file(&self.temporary);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_name_what_they_are() {
        assert_eq!(
            Destination::of(Path::new("/dev/stdout")).unwrap(),
            Destination::Descriptor(1)
        );
        assert_eq!(descriptor_path(Path::new("/proc/self/fd/7")), Some(7));
        assert_eq!(descriptor_path(Path::new("/dev/fd/x")), None);
        let dir =
            std::env::temp_dir().join(format!("mateproof-destination-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("report.json");
        assert_eq!(
            Destination::of(&file).unwrap(),
            Destination::Replace(file.clone())
        );
        assert!(Destination::of(&dir).is_err());
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink("report.json", dir.join("link.json")).unwrap();
            assert_eq!(
                Destination::of(&dir.join("link.json")).unwrap(),
                Destination::Replace(dir.join("report.json"))
            );
            std::os::unix::fs::symlink("link.json", dir.join("loop.json")).unwrap();
            std::fs::remove_file(dir.join("link.json")).unwrap();
            std::os::unix::fs::symlink("loop.json", dir.join("link.json")).unwrap();
            assert!(Destination::of(&dir.join("loop.json")).is_err());
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
