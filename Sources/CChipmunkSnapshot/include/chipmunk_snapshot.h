// What a world snapshot reads and writes inside Chipmunk's private structures (a body's bias
// velocity, a joint's accumulated impulse, a space's stamp and previous dt, its arbiters and
// their contacts), for the Chipmunk backend alone. Only incomplete struct types appear here,
// so Swift keeps seeing Chipmunk's handles as opaque pointers; the definitions are read in
// chipmunk_snapshot.c. Every function only copies numbers: no floating-point arithmetic
// happens here but the one product cpArbiterUpdate also takes (a compiler could contract
// more into a fused multiply-add).
#ifndef FLING_CHIPMUNK_SNAPSHOT_H
#define FLING_CHIPMUNK_SNAPSHOT_H

#include <stdint.h>

struct cpSpace;
struct cpBody;
struct cpShape;
struct cpConstraint;

/// A body's state: position, angle, velocities and the bias velocity (`v_bias`, `w_bias`).
typedef struct FlingBodyState {
    double px, py, angle, vx, vy, w, bias_vx, bias_vy, bias_w;
} FlingBodyState;

/// One contact: its feature pair (wall end << 8 | box corner) and accumulated impulses.
typedef struct FlingContactState {
    uint16_t feature;
    double jn, jt;
} FlingContactState;

/// An arbiter of a wall and the item's box: the wall's index among the shapes given, its
/// state (0 first collision, 1 normal, 2 cached), its age (the space's stamp minus its own)
/// and its contacts.
typedef struct FlingArbiterState {
    int wall;
    int state;
    unsigned int age;
    int count;
    FlingContactState contacts[2];
} FlingArbiterState;

void fling_body_get(const struct cpBody *body, FlingBodyState *out);
/// Sets every field of the state, the angle through cpBodySetAngle (which rebuilds the
/// transform from the position and angle as a step does).
void fling_body_set(struct cpBody *body, const FlingBodyState *state);

/// Sets `1/m` and `1/I` exactly (cpBodyNew took their inverses, which need not give them back).
void fling_body_set_inverses(struct cpBody *body, double mass_inverse, double moment_inverse);

void fling_pivot_impulse(const struct cpConstraint *pivot, double *x, double *y);
void fling_pivot_set_impulse(struct cpConstraint *pivot, double x, double y);
double fling_gear_impulse(const struct cpConstraint *gear);
void fling_gear_set_impulse(struct cpConstraint *gear, double j);

unsigned int fling_space_stamp(const struct cpSpace *space);
/// A shape's hash id (`cpShape.hashid`): its space numbers shapes in the order they are added.
unsigned long fling_shape_hashid(const struct cpShape *shape);
void fling_space_set_stamp(struct cpSpace *space, unsigned int stamp);
double fling_space_previous_dt(const struct cpSpace *space);
void fling_space_set_previous_dt(struct cpSpace *space, double dt);

/// The arbiters of `box` with any of `walls` (in `space`'s cache), sorted by wall index, into
/// `out` (room for `count` of them, as many as walls). Returns how many, or -1 when one is not
/// as the backend makes them (another handler, swapped shapes, more than 2 contacts, or a
/// contact whose hash names no feature pair of the two shapes).
int fling_arbiters(struct cpSpace *space, const struct cpShape *box, struct cpShape *const *walls, int count, FlingArbiterState *out);

/// Makes the arbiter of `wall` and `box` as `state` says (its contacts hashed with the two
/// shapes' ids), cached in `space` as a step would leave it: an arbiter of the last step (age
/// 0) also in the space's list of this step's arbiters and threaded on both bodies.
void fling_restore_arbiter(struct cpSpace *space, struct cpShape *wall, struct cpShape *box, const FlingArbiterState *state);

#endif
