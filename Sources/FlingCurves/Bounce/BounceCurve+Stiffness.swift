import FlingCore

extension BounceCurve {
    /// How stiff an SKBounceAnimation bounce is: the coefficient `c` in its decay,
    /// `α = log₂(c / |to − from|) / frames` (the envelope reaches `c` at the last frame). Any
    /// positive coefficient; the library's three named ones are presets.
    public struct Stiffness: Hashable, Sendable, CaseIterable {
        /// The coefficient `c`, positive and finite.
        package var coefficient: Double

        package init(_ coefficient: Double) { self.coefficient = coefficient }

        /// `c` = 5: slow decay, many visible bounces (`SKBounceAnimationStiffnessLight`).
        public static let light = BounceCurve.Stiffness(5)
        /// `c` = 0.1 (`SKBounceAnimationStiffnessMedium`, the library's default).
        public static let medium = BounceCurve.Stiffness(0.1)
        /// `c` = 0.001: fast decay (`SKBounceAnimationStiffnessHeavy`).
        static let heavy = BounceCurve.Stiffness(0.001)

        /// The library's three named stiffnesses (any other coefficient is allowed too).
        public static let allCases: [BounceCurve.Stiffness] = [.light, .medium, .heavy]
    }
}
