//! Joining worker threads so that nothing they did is lost: a worker's panic becomes an error
//! the caller must handle (a solver that silently drops a thread's share of the work would
//! report a verdict it never reached), and thread counts are checked before any is spawned.

use std::thread::ScopedJoinHandle;

/// Most search threads any command accepts. Far above the cores of any machine the solver runs
/// on, and far below the count at which the system refuses to make threads (each has its own
/// stack and, in the suite, its own table).
pub const MAX_THREADS: usize = 1024;

/// A thread count that is not a whole number from 1 to [`MAX_THREADS`]; the message says the
/// allowed range.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("expected a whole number from 1 to {MAX_THREADS}")]
pub struct ThreadCountError;

/// A worker thread panicked: the first panic's message ([`panic_text`]).
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{message}")]
pub struct WorkerPanicked {
    pub message: String,
}

/// Checks a thread count given by a user.
pub fn parse_threads(text: &str) -> Result<usize, ThreadCountError> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(ThreadCountError),
    }
}

/// The message of a panic payload (a `&str` or `String`, as `panic!` makes them).
pub fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
        .unwrap_or_else(|| "no message".to_owned())
}

/// Joins every handle (all of them, even after a failure, so none is left running) and returns
/// their results in order, or the first panic.
pub fn join_all<T>(handles: Vec<ScopedJoinHandle<'_, T>>) -> Result<Vec<T>, WorkerPanicked> {
    let mut results = Vec::with_capacity(handles.len());
    let mut failure = None;
    for handle in handles {
        match handle.join() {
            Ok(value) => results.push(value),
            Err(payload) => {
                failure.get_or_insert_with(|| panic_text(&*payload));
            }
        }
    }
    match failure {
        Some(message) => Err(WorkerPanicked { message }),
        None => Ok(results),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panicking_worker_is_an_error_and_the_others_are_joined() {
        let finished = std::sync::atomic::AtomicUsize::new(0);
        let joined = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..3)
                .map(|i| {
                    let finished = &finished;
                    scope.spawn(move || {
                        if i == 1 {
                            panic!("worker {i} failed");
                        }
                        finished.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                        i
                    })
                })
                .collect();
            join_all(handles)
        });
        assert_eq!(
            joined,
            Err(WorkerPanicked {
                message: "worker 1 failed".to_owned()
            })
        );
        assert_eq!(finished.load(std::sync::atomic::Ordering::SeqCst), 2);
    }

    #[test]
    fn results_come_back_in_order() {
        let joined = std::thread::scope(|scope| {
            join_all((0..4).map(|i| scope.spawn(move || i * 10)).collect())
        });
        assert_eq!(joined, Ok(vec![0, 10, 20, 30]));
    }

    #[test]
    fn thread_counts_are_bounded() {
        assert_eq!(parse_threads("2"), Ok(2));
        assert_eq!(parse_threads(" 1024 "), Ok(1024));
        assert_eq!(parse_threads("0"), Err(ThreadCountError));
        assert_eq!(
            parse_threads("100000").map_err(|e| e.to_string()),
            Err("expected a whole number from 1 to 1024".to_owned())
        );
        assert_eq!(parse_threads("x"), Err(ThreadCountError));
    }
}
