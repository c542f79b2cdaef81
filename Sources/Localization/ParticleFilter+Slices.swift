extension ParticleFilter {
  /// All particles as one slice, moved out of the filter without copying.
  func takeAll() -> ParticleSlice {
    var slice = ParticleSlice.empty
    swap(&slice.x, &x)
    swap(&slice.y, &y)
    swap(&slice.plan, &plan)
    swap(&slice.headingBias, &headingBias)
    swap(&slice.scale, &scale)
    swap(&slice.logWeight, &logWeight)
    swap(&slice.climb, &climb)
    swap(&slice.transit, &transit)
    return slice
  }

  /// Puts back the slice taken by `takeAll`.
  func putBack(_ slice: ParticleSlice) {
    (x, y, plan, headingBias) = (slice.x, slice.y, slice.plan, slice.headingBias)
    (scale, logWeight, climb, transit) = (slice.scale, slice.logWeight, slice.climb, slice.transit)
  }

  /// A copy of the particles in `range`.
  func copySlice(_ range: Range<Int>) -> ParticleSlice {
    ParticleSlice(
      x: Array(x[range]), y: Array(y[range]), plan: Array(plan[range]),
      headingBias: Array(headingBias[range]), scale: Array(scale[range]),
      logWeight: Array(logWeight[range]), climb: Array(climb[range]),
      transit: Array(transit[range]))
  }

  /// Writes a moved copy back over the particles in `range` (a step leaves the step-length
  /// scales as they were, so they are not copied back).
  func writeSlice(_ slice: ParticleSlice, at range: Range<Int>) {
    x.replaceSubrange(range, with: slice.x)
    y.replaceSubrange(range, with: slice.y)
    plan.replaceSubrange(range, with: slice.plan)
    headingBias.replaceSubrange(range, with: slice.headingBias)
    logWeight.replaceSubrange(range, with: slice.logWeight)
    climb.replaceSubrange(range, with: slice.climb)
    transit.replaceSubrange(range, with: slice.transit)
  }
}
