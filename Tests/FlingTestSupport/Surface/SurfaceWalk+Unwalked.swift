#if FLING_TESTABLE
// The public declarations the walk does not call yet: API added after the walk was written
// (the UIKit Dynamics calls, the replay page, SKBounceAnimation's whole API, the
// path modes, the backend checks). Listed here, exactly, so that the completeness test holds
// the line: a new public declaration needs a walk case or an entry here, and an entry here
// that gains a walk case, or whose declaration goes, fails the test until it is removed.

extension SurfaceWalk {
    static let unwalked: [String] = common + chipmunk

    private static let common: [String] = [
        "Fling.TouchEvent.init(time:touch:phase:location:item:)",
        "FlingCurves.AffineMatrix.scale(_:rotation:)",
        "FlingCurves.BounceCurve.equation(alpha:omega:base:duration:)",
        "FlingCurves.BounceCurve.keyframeAnimation(from:to:)",
        "FlingCurves.BounceCurve.value(at:from:to:)",
        "FlingCurves.BounceCurve.values(from:to:)",
        "FlingCore.DragJoint.init(localAnchor:finger:maxForce:errorBias:friction:rotaryFriction:)",
        "FlingCore.DynamicsBackend.addForce(_:to:)",
        "FlingCore.DynamicsBackend.addGear(_:to:)",
        "FlingCore.DynamicsBackend.addPivot(_:to:)",
        "FlingCore.DynamicsBackend.applyImpulse(_:to:)",
        "FlingCore.DynamicsBackend.contacts(of:)",
        "FlingCore.DynamicsBackend.removeForce(_:from:)",
        "FlingCore.DynamicsBackend.removeJoint(_:from:)",
        "FlingCore.DynamicsBackend.setFields(_:of:)",
        "FlingCore.DynamicsBackend.setItemProperties(_:of:)",
        "FlingCore.DynamicsBackend.setWalls(_:of:)",
        "FlingCore.FlingError.unknownWorld(_:)",
        "FlingCore.Push.init(_:at:)",
        "FlingCore.Push.uikit(pushDirection:offset:)",
        "FlingCurves.RGBA.init(red:green:blue:alpha:)",
        "FlingCore.WorldDefinition.box(size:density:transform:gravity:allowsRotation:)",
        "FlingCore.WorldDefinition.init(mass:moment:transform:gravity:size:allowsRotation:)",
        "FlingCore.WorldDefinition.validate()",
        "FlingInteraction.ChatHeads.Layout.init(rawValue:)",
        "FlingInteraction.DragAnimator.addPush(_:to:)",
        "FlingInteraction.DragAnimator.applyPush(_:to:)",
        "FlingInteraction.DragAnimator.eventStream(bufferingNewest:)",
        "FlingInteraction.DragAnimator.removePush(_:)",
        "FlingInteraction.DragAnimator.setFields(_:)",
        "FlingInteraction.DragAnimator.setWalls(_:)",
        "FlingInteraction.DragSettings.init()",
        "FlingInteraction.DynamicsInput.description",
        "FlingInteraction.IdentifierTag.noun",
        "FlingInteraction.PictureInPictureConfiguration.Corner.init(rawValue:)",
        "FlingInteraction.PictureInPictureConfiguration.center(_:)",
        "FlingInteraction.PictureInPictureConfiguration.init(safeArea:width:height:)",
        "FlingInteraction.PictureInPictureConfiguration.window(id:at:)",
        "FlingInteraction.SnapItem.init(id:center:width:height:shape:mass:restingPlaces:motion:axis:pressedScale:isDraggable:properties:)",
        "FlingInteraction.TileAnimator.configuration",
        "FlingInteraction.TileConfiguration.ReleaseVelocity.init(rawValue:)",
        "FlingInteraction.TileConfiguration.init()",
        "FlingInteraction.TileConfiguration.validate()",
        "FlingInteraction.TileDefinition.init(id:frame:density:properties:)",
        "FlingInteraction.TileDefinition.init(id:frame:mass:properties:)",
        "FlingPaths.KeyframeAnimation.CalculationMode.init(rawValue:)",
        "FlingPaths.KeyframeAnimation.init(keyframes:keyTimes:timingFunctions:calculationMode:tension:continuity:bias:duration:repeatCount:autoreverses:)",
        "FlingPaths.MapPinKeyframes.mapPinPose(sx:sy:angle:dx:dy:)",
        "FlingScenes.BubbleEmitter.Shape.init(rawValue:)",
        "FlingTraces.Documents.read(_:)",
        "FlingView.ReplayPage.html",
        "FlingView.ReplayPage.init(_:)",
        "FlingView.ReplayPage.init(comparing:with:)",
        "FlingView.ReplayPage.requestedFolder",
        "FlingView.ReplayPage.save(name:in:)",
        "FlingView.ReplayPage.stateJSON(of:steps:)",
        "FlingView.ReplayPage.validateWork(of:_:)",
    ]

    #if Chipmunk
    private static let chipmunk: [String] = []
    #else
    private static let chipmunk: [String] = []
    #endif
}
#endif
