//! The fit of one phase: least squares by stochastic gradient descent.

use std::sync::OnceLock;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::Config;
use super::label::{Labelled, position};
use crate::Fastest;
use crate::eval::DISC;
use crate::learned::{FEATURE_COUNT, MAX_ACTIVE, Weights, for_each_active, twins};

/// For every feature, the parameter it shares with its twin (the smaller index of the two).
fn parameters() -> &'static [u32] {
    static PARAMETERS: OnceLock<Vec<u32>> = OnceLock::new();
    PARAMETERS.get_or_init(|| {
        let twins = twins();
        (0..FEATURE_COUNT).map(|i| i.min(twins[i]) as u32).collect()
    })
}

/// The step of `epoch` of `epochs`: from 0.0045 down to 0.0005 discs per disc of error, in
/// a straight line (about one over the number of features on, so one sample's error is
/// shared out rather than applied once per feature).
fn step(epoch: usize, epochs: usize) -> f32 {
    0.0005 + 0.004 * (1.0 - epoch as f32 / epochs as f32)
}

/// Fits the weights of `phase` to `labelled` ([`Config::epochs`] passes in a seeded order
/// each), starting from their current values and pulled back towards them by
/// [`Config::regularisation`] on every update. Twin weights stay equal.
pub fn fit_phase(config: &Config, phase: usize, labelled: &[Labelled], weights: &mut Weights) {
    if labelled.is_empty() {
        return;
    }
    let parameters = parameters();
    let start: Vec<f32> = weights
        .phase(phase)
        .iter()
        .map(|&w| f32::from(w) / DISC as f32)
        .collect();
    let mut values = start.clone();
    // Each sample's parameters, `MAX_ACTIVE` slots a sample (unused ones `u32::MAX`).
    let mut active = vec![u32::MAX; labelled.len() * MAX_ACTIVE];
    for (slots, &(discs, _)) in active.chunks_exact_mut(MAX_ACTIVE).zip(labelled) {
        let p = position(discs);
        let mut n = 0;
        for_each_active::<Fastest>(p.player().bits(), p.opponent().bits(), |i| {
            slots[n] = parameters[i];
            n += 1;
        });
    }
    let mut order: Vec<usize> = (0..labelled.len()).collect();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(config.seed ^ (phase as u64) << 32);
    let pull = config.regularisation;
    for epoch in 0..config.epochs {
        order.shuffle(&mut rng);
        let step = step(epoch, config.epochs);
        for &s in &order {
            let slots = &active[s * MAX_ACTIVE..(s + 1) * MAX_ACTIVE];
            let slots = slots.iter().take_while(|&&i| i != u32::MAX);
            let predicted: f32 = slots.clone().map(|&i| values[i as usize]).sum();
            let error = labelled[s].1 - predicted;
            for &i in slots {
                let i = i as usize;
                values[i] += step * (error - pull * (values[i] - start[i]));
            }
        }
    }
    for (w, &parameter) in weights.phase_mut(phase).iter_mut().zip(parameters) {
        let scaled = (values[parameter as usize] * DISC as f32).round();
        *w = scaled.clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16;
    }
}
