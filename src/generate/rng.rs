//! A small seeded random generator (SplitMix64), written out so that a seed gives the same
//! puzzles on every machine and with every version of every dependency.

/// SplitMix64 (Steele, Lea and Flood, 2014): 64 bits of state, one multiply-xorshift a draw.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The generator of item `index` of a run seeded with `seed`: independent of how the items
    /// are spread over threads.
    pub fn for_item(seed: u64, index: u64) -> Rng {
        let mut base = Rng(seed);
        let mixed = base.next_u64() ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03);
        Rng(Rng(mixed).next_u64())
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), by Lemire's multiply-shift (the tiny bias is irrelevant here).
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// Shuffles `items` in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_draws_on_every_machine() {
        let mut r = Rng::new(0);
        // SplitMix64's published first output for seed 0.
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        let a: Vec<usize> = (0..5).map(|_| Rng::for_item(7, 3).below(100)).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        assert_ne!(
            Rng::for_item(7, 3).next_u64(),
            Rng::for_item(7, 4).next_u64()
        );
        let mut v: Vec<u8> = (0..10).collect();
        Rng::new(1).shuffle(&mut v);
        let mut sorted = v.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..10).collect::<Vec<u8>>());
        assert_ne!(v, sorted);
    }
}
