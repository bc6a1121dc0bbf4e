//! Locking shared state, for every module that shares it between threads.

use std::sync::{Mutex, MutexGuard};

/// Locks a mutex, recovering the data if a panicking thread poisoned it. Every mutex of this
/// crate holds only finished entries (caches, sets of what was reported, the document store),
/// each written in one step, so a panic elsewhere never leaves one half-written.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_poisoned_mutex_still_locks() {
        let m = Mutex::new(vec![1]);
        let _ = std::panic::catch_unwind(|| {
            let _guard = m.lock().unwrap();
            panic!("poison it");
        });
        assert!(m.is_poisoned());
        lock(&m).push(2);
        assert_eq!(*lock(&m), [1, 2]);
    }
}
