// The machine's floor for tile-bench: one tick of the tile workload's per-tile work written as
// tight C over flat arrays (structure of arrays, tiles grouped by role), by the best algorithm
// for this workload rather than the general engine's, each loop written for the compiler's
// vectorizer, on one thread. It need not give Chipmunk's bits; it computes the same quantities
// per tile, so that a row's ns per tile-step over the floor's is what Fling's generality,
// layout, checks and API cost above what this machine needs for the same work.
//
// Instruction set: the tick is compiled twice (FlingFloorTick.h), for the baseline x86-64
// (SSE2, two doubles a lane) and with AVX2 and FMA (four; clang fuses a multiply and an add
// written in one expression), and a floor runs the best copy the CPU has or, asked for, the
// baseline one (fling_floor_create's isa; fling_floor_isa names it; on other architectures the
// one copy is the compiler's default, NEON on arm64). The Swift rows are built for the baseline.
//
// Checked against itself: FlingFloorReference.h is the same tick written plainly (one tile at a
// time, an array of structures, no lanes, masks, gathers or memo), compiled beside each copy for
// the same instruction set, and tile-bench compares a floor's states (its digest) and counters
// with the reference's after every timed run. That comparison found the first floor's noise
// memo wrong: a block's tiles looked up their cells first and blended later, so a tile whose
// memo cell a later tile of the block refilled blended another cell's values.
//
// cos and sin: a tight polynomial in lanes (Cody–Waite reduction by π/2 in three parts and
// fdlibm's degree-13/14 kernels, about 1 ulp for |angle| < 2²⁰·π/2), the same kind and accuracy
// as Fling's portable cosSin (the native-portable row's), not the C library's calls (the
// native row's). The rare new springs' and new pivots' exp and pow are made once per tile at
// set-up: they depend on nothing that changes.
//
// What a tick computes, per tile (the rows time the same parts of their tick):
// - fingers: each dragged tile's finger advanced along its Lissajous path (a fixed rotation of
//   two (cos, sin) pairs), the finger's velocity = delta / dt;
// - the step: positions (p += v·dt, angle += ω·dt); the new angle's cos and sin; the dragged
//   tiles' pivot pre-step (the anchor turned, the 2×2 effective mass with the finger's zero
//   inverse mass, inverted; the bias from the error and the error bias raised to dt); the
//   springing tiles' damped spring (distance, its square root and inverse, the normal, the
//   spring impulse; its anchor is the tile's centre, so its effective mass is the tile's mass
//   and it gives no spin) and damped rotary spring (the torque toward angle 0); the velocity
//   update (v·damping + g·dt); the pivot's cached impulse; then 10 iterations (Chipmunk's
//   default and the workload's) of the pivot (j = K⁻¹(bias − v_rel), the accumulated impulse
//   clamped to maxForce·dt: a square root and a division in every lane, as a select) or of
//   the springs' damping (along the spring's axis, then the rotary damping); falling tiles
//   integrate alone (no joint, no iterations);
// - the states read out (x, y, angle, velocity, spin into an array in tile order);
// - the life cycle: each falling tile tested against the culling box and, once outside,
//   respawned at its origin with a seeded toss (SplitMix64, the workload's draw); the
//   springing tiles due this tick kicked and the dragged tiles due re-grabbed where the finger
//   is (the anchor in tile coordinates: one cos and sin), both found from per-tick lists made
//   at the first tick, as the workload's buckets.
// With walls (floor+walls, the +walls rows' work), per tile also:
// - the position step with the bias velocity of the contacts' position correction (then
//   cleared), and the centre's path tested against the four edge lines (crossings counted:
//   the rare put-back is left out, as the native backend keeps it out of line);
// - the sweep's lift test, which the native step runs for every world with walls in every step
//   (WallSweep.mayLift): per edge, the centre's distance on the side it came from against the
//   box's reach less the depth that counts as deep; the boxes found deep are counted, and the
//   rare lift itself is left out like the put-back;
// - the box against the four edges: the walls are the viewport's edges, axis-aligned
//   segments of radius r, so a box's contacts with an edge are its corners past the edge's
//   surface (the line moved in by r), the two deepest at most, depth = how far past, normal
//   the edge's; no GJK/EPA. A box whose bounding box (from |cos|, |sin| and the half sizes)
//   comes near no edge is settled in lanes with four compares; the few that do have their
//   corners tested in scalar code;
// - the two-channel value-noise field at the tile's position and its world's clock: the same
//   lattice, hash (SplitMix64's finalizer) and smoothstep trilinear blend as ValueNoise, the
//   cell's sixteen corner values taken from a 256-cell memo as the native step takes them
//   from its NoiseCache (filled on a miss) and copied out for the tile, the blend in lanes; F/m added in the velocity
//   update and the field clock advanced;
// - the contacts' impulses: the tiles of a block that touch an edge gathered into lanes (as
//   the native ContactLanes gather worlds, but as wide as the block), each contact's
//   pre-step (normal and tangent effective masses, the bias from the depth past the slop,
//   the bounce from the velocity before the update, elasticity 0.5·0.6), the cached impulses,
//   then per iteration every contact slot of every lane in lockstep (an empty slot has zero
//   masses, so its impulses are zero: the mask) — the bias impulse, the normal impulse and
//   the friction impulse clamped to 0.3·0.4 of it — then the joint's; scattered back. A
//   contact's impulses carry to the next step when the same corner touches the same edge
//   again (warm starting); Chipmunk also keeps an arbiter's impulses through two steps apart,
//   which this floor does not. The tiles of the block that touch nothing iterate their joint
//   in place, lanes over the whole block with the touching ones masked.
//
// Left out, because the native step does not do it either for these worlds: the finger's and
// the static body's own terms in the iterations, the space's broad phase beyond the four edges,
// Chipmunk's callbacks and sleeping. Left out although the rows do it: the bias clamp at
// maxBias = ∞ (a no-op), the rows' API checks and slot lookups, and the digest (folded outside
// the timed tick by every row). Nothing here reads a clock or a random source but the
// workload's seeded draws, and a tick allocates nothing.
#include "FlingFloor.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#if defined(__has_builtin)
#if __has_builtin(__builtin_elementwise_sqrt)
// The IEEE square root without errno, which the vectorizer can use in lanes.
#define floor_sqrt(x) __builtin_elementwise_sqrt(x)
#endif
#endif
#ifndef floor_sqrt
#define floor_sqrt(x) sqrt(x)
#endif

/// Tiles a block (the step's unit: its scratch stays in cache); contact slots per tile.
enum { BLOCK = 256, MAXC = 4, NOISE_CELLS = 256 };

typedef struct {
    int64_t i, j, k;
    double c0[8], c1[8];
} noise_cell;

/// One contact slot of every lane (a lane's slot with key −1 is empty).
typedef struct {
    double nx[BLOCK], ny[BLOCK], r2x[BLOCK], r2y[BLOCK], dist[BLOCK];
    double n_mass[BLOCK], t_mass[BLOCK], bias[BLOCK], bounce[BLOCK], jn[BLOCK], jt[BLOCK], jb[BLOCK];
    int8_t key[BLOCK];
} contact_slots;

/// The touching tiles of a block, gathered: their state, their joint's, their contacts.
typedef struct {
    int64_t tile[BLOCK];
    int slots;
    double v0x[BLOCK], v0y[BLOCK], w0[BLOCK];
    double vx[BLOCK], vy[BLOCK], w[BLOCK], bvx[BLOCK], bvy[BLOCK], bw[BLOCK], m_inv[BLOCK], i_inv[BLOCK];
    double fvx[BLOCK], fvy[BLOCK], r2x[BLOCK], r2y[BLOCK], ka[BLOCK], kb[BLOCK], kd[BLOCK], bx[BLOCK], by[BLOCK];
    double jx[BLOCK], jy[BLOCK], len[BLOCK];
    double snx[BLOCK], sny[BLOCK], v_coef[BLOCK], w_coef[BLOCK], tv[BLOCK], tw[BLOCK];
    contact_slots c[MAXC];
} lanes;

/// One tile of the scalar reference (FlingFloorReference.h): everything its step reads, in one
/// structure.
struct ref_tile {
    int role, bucket;
    double px, py, a, vx, vy, w, m_inv, i_inv, cull, ox, oy;
    // Dragged: the pivot, its finger and the finger's path.
    double anchor_x, anchor_y, max_impulse, jx, jy, fpx, fpy, fvx, fvy;
    double start_x, start_y, amp_x, amp_y, sin_x0, cx, sx, cy, sy, rcx, rsx, rcy, rsy;
    // Springing: the springs.
    double stiff, ang_stiff, v_coef, w_coef;
    // Walls: half sizes, bias velocity, field clock, last step's contacts.
    double hw, hh, bvx, bvy, bw, field_time;
    int count;
    int8_t key[MAXC];
    double jn[MAXC], jt[MAXC];
};
typedef struct ref_tile ref_tile;

struct fling_floor {
    fling_floor_scene sc;
    int64_t n, nd, ns;
    int walls;
    /// Faults planted on purpose (FLING_FLOOR_PLANT_…), 0 in every timed run.
    int plant;
    int64_t tick, respawns, crossings, touching, contacts, lifts;
    size_t bytes;
    const char *isa;
    void (*tick_fn)(struct fling_floor *);
    /// The scalar reference's tiles (fling_floor_reference_create), in scene order; NULL in a floor.
    ref_tile *ref;
    double dt_prev, damping_pow, bias_coef_contacts, pivot_bias_coef;
    // Every tile, grouped by role: dragged [0, nd), springing [nd, nd + ns), falling after.
    double *px, *py, *a, *vx, *vy, *w, *m_inv, *i_inv, *cull, *ox, *oy;
    int *bucket;
    double *out;  // 6 per tile, in scene order
    // Dragged (nd): the pivot, its finger and the finger's path.
    double *anchor_x, *anchor_y, *max_impulse, *r2x, *r2y, *ka, *kb, *kd, *bias_x, *bias_y, *jx, *jy;
    double *f_px, *f_py, *f_vx, *f_vy;
    double *start_x, *start_y, *amp_x, *amp_y, *sin_x0, *cx, *sx, *cy, *sy, *rcx, *rsx, *rcy, *rsy;
    // Springing (ns): the springs.
    double *stiff, *ang_stiff, *s_nx, *s_ny, *target_vrn, *target_wrn, *v_coef, *w_coef;
    // The life cycle's per-tick lists (made at the first tick).
    int64_t *spring_start, *spring_list, *regrab_start, *regrab_list;
    int lists_made;
    // Walls: half sizes, bias velocities, field clocks, last step's contacts (≤ MAXC a tile).
    double *half_w, *half_h, *b_vx, *b_vy, *b_w, *field_time;
    int8_t *rec_count, *rec_key;
    double *rec_jn, *rec_jt;
    noise_cell *noise;
    /// The block's tiles' sixteen noise corner values, copied out of the memo as each tile finds
    /// its cell (a later tile of the block may refill that memo cell for another lattice cell).
    double *corners;
    // One block's scratch.
    double *cosv, *sinv, *fx, *fy, *sx_, *sy_, *sz_;
    int *slot;
    unsigned char *near;
    /// 1 for a tile of the block that iterates its joint in place, 0 for one solved in the
    /// contact lanes; `ones` is all 1.
    double *live, *ones;
    lanes *lanes;
};

// MARK: - Seeded draws (the workload's SplitMix64) and the noise's hash

static inline uint64_t floor_mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
/// ValueNoise.mix: the finalizer of z + the golden gamma.
static inline uint64_t floor_mix(uint64_t z) { return floor_mix64(z + 0x9E3779B97F4A7C15ull); }
static inline uint64_t floor_rng(int64_t a, int64_t b, uint64_t salt) {
    return salt ^ ((uint64_t)a * 0x9E3779B97F4A7C15ull) ^ ((uint64_t)b * 0xD1B54A32D192ED03ull);
}
static inline double floor_uniform(uint64_t *state, double lo, double hi) {
    *state += 0x9E3779B97F4A7C15ull;
    return lo + (hi - lo) * ((double)(floor_mix64(*state) >> 11) * 0x1p-53);
}

/// A world made anew (respawn, or set up): no bias velocity, field clock 0, no contacts.
static void floor_new_world(struct fling_floor *f, int64_t j) {
    if (!f->walls) return;
    f->b_vx[j] = f->b_vy[j] = f->b_w[j] = 0.0;
    f->field_time[j] = 0.0;
    f->rec_count[j] = 0;
}

// MARK: - The tick, twice

#define FLOOR_SUFFIX base
#include "FlingFloorTick.h"
#include "FlingFloorReference.h"
#undef FLOOR_SUFFIX

#if defined(__x86_64__) && defined(__clang__)
#define FLOOR_X86 1
#pragma clang attribute push(__attribute__((target("avx2,fma"))), apply_to = function)
#define FLOOR_SUFFIX avx2
#include "FlingFloorTick.h"
#include "FlingFloorReference.h"
#undef FLOOR_SUFFIX
#pragma clang attribute pop
#endif

// MARK: - Setup

/// Whether this CPU runs the AVX2 and FMA copy of the tick.
static int floor_avx2(void) {
#ifdef FLOOR_X86
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
    return 0;
#endif
}
#ifdef FLOOR_X86
#define FLOOR_AVX2_TICK tick_avx2
#define FLOOR_AVX2_REF ref_tick_avx2
#define FLOOR_BASE_ISA "sse2"
#else
#define FLOOR_AVX2_TICK tick_base
#define FLOOR_AVX2_REF ref_tick_base
#define FLOOR_BASE_ISA "baseline"
#endif

const char *fling_floor_best_isa(void) { return floor_avx2() ? "avx2+fma" : FLOOR_BASE_ISA; }
const char *fling_floor_isa(const fling_floor *f) { return f->isa; }
void fling_floor_plant(fling_floor *f, int faults) { f->plant = faults; }

static void *take(fling_floor *f, size_t count, size_t size) {
    f->bytes += count * size;
    return calloc(count ? count : 1, size);
}

/// A floor or reference's common part: the scene, the counts, the instruction set, the
/// constants made once.
static fling_floor *floor_new(const fling_floor_scene *scene, int64_t count, int walls, int isa) {
    fling_floor *f = calloc(1, sizeof *f);
    if (!f) return NULL;
    f->sc = *scene;
    f->n = count;
    f->walls = walls;
    f->nd = (count + 2) / 3;
    f->ns = (count + 1) / 3;
    int best = isa == FLING_FLOOR_BEST && floor_avx2();
    f->isa = best ? "avx2+fma" : FLOOR_BASE_ISA;
    f->tick_fn = best ? FLOOR_AVX2_TICK : tick_base;
    if (walls) f->bias_coef_contacts = 1.0 - pow(scene->collision_bias, scene->dt);
    f->damping_pow = pow(scene->damping, scene->dt);
    f->pivot_bias_coef = -(1.0 - pow(scene->drag_error_bias, scene->dt)) / scene->dt;
    return f;
}

fling_floor *fling_floor_reference_create(const fling_floor_scene *scene, int64_t count, int walls, int isa) {
    fling_floor *f = floor_new(scene, count, walls, isa);
    if (!f) return NULL;
    f->tick_fn = f->tick_fn == tick_base ? ref_tick_base : FLOOR_AVX2_REF;
    f->ref = take(f, (size_t)count, sizeof(ref_tile));
    f->out = take(f, 6 * (size_t)count, sizeof(double));
    f->lists_made = 1;  // the reference finds its due tiles by their buckets
    if (!f->ref || !f->out) {
        fling_floor_destroy(f);
        return NULL;
    }
    return f;
}

fling_floor *fling_floor_create(const fling_floor_scene *scene, int64_t count, int walls, int isa) {
    fling_floor *f = floor_new(scene, count, walls, isa);
    if (!f) return NULL;
    size_t n = (size_t)count, nd = (size_t)f->nd, ns = (size_t)f->ns;
    double **all[] = {&f->px, &f->py, &f->a, &f->vx, &f->vy, &f->w, &f->m_inv, &f->i_inv, &f->cull, &f->ox, &f->oy};
    double **drag[] = {&f->anchor_x, &f->anchor_y, &f->max_impulse, &f->r2x, &f->r2y, &f->ka, &f->kb, &f->kd,
                       &f->bias_x, &f->bias_y, &f->jx, &f->jy, &f->f_px, &f->f_py, &f->f_vx, &f->f_vy, &f->start_x,
                       &f->start_y, &f->amp_x, &f->amp_y, &f->sin_x0, &f->cx, &f->sx, &f->cy, &f->sy, &f->rcx,
                       &f->rsx, &f->rcy, &f->rsy};
    double **spring[] = {&f->stiff, &f->ang_stiff, &f->s_nx, &f->s_ny, &f->target_vrn, &f->target_wrn, &f->v_coef, &f->w_coef};
    double **wl[] = {&f->half_w, &f->half_h, &f->b_vx, &f->b_vy, &f->b_w, &f->field_time};
    double **block[] = {&f->cosv, &f->sinv, &f->fx, &f->fy, &f->sx_, &f->sy_, &f->sz_, &f->live, &f->ones};
    int ok = 1;
    for (size_t k = 0; k < sizeof all / sizeof *all; k++) ok &= (*all[k] = take(f, n, sizeof(double))) != NULL;
    for (size_t k = 0; k < sizeof drag / sizeof *drag; k++) ok &= (*drag[k] = take(f, nd, sizeof(double))) != NULL;
    for (size_t k = 0; k < sizeof spring / sizeof *spring; k++) ok &= (*spring[k] = take(f, ns, sizeof(double))) != NULL;
    for (size_t k = 0; k < sizeof block / sizeof *block; k++) ok &= (*block[k] = take(f, BLOCK, sizeof(double))) != NULL;
    ok &= (f->bucket = take(f, n, sizeof(int))) != NULL;
    ok &= (f->out = take(f, 6 * n, sizeof(double))) != NULL;
    ok &= (f->slot = take(f, BLOCK, sizeof(int))) != NULL;
    ok &= (f->near = take(f, BLOCK, 1)) != NULL;
    ok &= (f->spring_start = take(f, (size_t)scene->spring_period + 1, sizeof(int64_t))) != NULL;
    ok &= (f->regrab_start = take(f, (size_t)scene->regrab_period + 1, sizeof(int64_t))) != NULL;
    ok &= (f->spring_list = take(f, ns, sizeof(int64_t))) != NULL;
    ok &= (f->regrab_list = take(f, nd, sizeof(int64_t))) != NULL;
    if (walls) {
        for (size_t k = 0; k < sizeof wl / sizeof *wl; k++) ok &= (*wl[k] = take(f, n, sizeof(double))) != NULL;
        ok &= (f->rec_count = take(f, n, 1)) != NULL;
        ok &= (f->rec_key = take(f, MAXC * n, 1)) != NULL;
        ok &= (f->rec_jn = take(f, MAXC * n, sizeof(double))) != NULL;
        ok &= (f->rec_jt = take(f, MAXC * n, sizeof(double))) != NULL;
        ok &= (f->noise = take(f, NOISE_CELLS, sizeof(noise_cell))) != NULL;
        ok &= (f->corners = take(f, 16 * BLOCK, sizeof(double))) != NULL;
        ok &= (f->lanes = take(f, 1, sizeof(lanes))) != NULL;
        if (f->noise)
            for (int c = 0; c < NOISE_CELLS; c++) f->noise[c].i = INT64_MIN;
    }
    if (!ok) {
        fling_floor_destroy(f);
        return NULL;
    }
    for (int k = 0; k < BLOCK; k++) f->ones[k] = 1.0;
    return f;
}

void fling_floor_destroy(fling_floor *f) {
    if (!f) return;
    void *arrays[] = {f->px, f->py, f->a, f->vx, f->vy, f->w, f->m_inv, f->i_inv, f->cull, f->ox, f->oy, f->bucket, f->out,
                      f->anchor_x, f->anchor_y, f->max_impulse, f->r2x, f->r2y, f->ka, f->kb, f->kd, f->bias_x,
                      f->bias_y, f->jx, f->jy, f->f_px, f->f_py, f->f_vx, f->f_vy, f->start_x, f->start_y, f->amp_x,
                      f->amp_y, f->sin_x0, f->cx, f->sx, f->cy, f->sy, f->rcx, f->rsx, f->rcy, f->rsy, f->stiff,
                      f->ang_stiff, f->s_nx, f->s_ny, f->target_vrn, f->target_wrn, f->v_coef, f->w_coef,
                      f->spring_start, f->spring_list, f->regrab_start, f->regrab_list, f->half_w, f->half_h, f->b_vx,
                      f->b_vy, f->b_w, f->field_time, f->rec_count, f->rec_key, f->rec_jn, f->rec_jt, f->noise, f->cosv,
                      f->sinv, f->fx, f->fy, f->sx_, f->sy_, f->sz_, f->slot, f->near, f->live, f->ones, f->lanes, f->ref, f->corners};
    for (size_t k = 0; k < sizeof arrays / sizeof *arrays; k++) free(arrays[k]);
    free(f);
}

size_t fling_floor_bytes(const fling_floor *f) { return f->bytes; }
int64_t fling_floor_respawns(const fling_floor *f) { return f->respawns; }
int64_t fling_floor_touching(const fling_floor *f) { return f->touching; }
int64_t fling_floor_contacts(const fling_floor *f) { return f->contacts; }
int64_t fling_floor_crossings(const fling_floor *f) { return f->crossings; }
int64_t fling_floor_lifts(const fling_floor *f) { return f->lifts; }

/// Tile i of the scalar reference, as fling_floor_set_tile sets the floor's.
static void ref_set_tile(fling_floor *f, int64_t i, const fling_floor_tile *t) {
    ref_tile *r = f->ref + i;
    memset(r, 0, sizeof *r);
    r->role = t->role;
    r->bucket = t->bucket;
    r->px = t->px; r->py = t->py; r->a = t->angle;
    r->vx = t->vx; r->vy = t->vy; r->w = t->w;
    r->m_inv = 1.0 / t->mass;
    r->i_inv = 1.0 / t->moment;
    r->cull = t->cull_radius;
    r->ox = t->origin_x; r->oy = t->origin_y;
    r->hw = t->width / 2.0;
    r->hh = t->height / 2.0;
    if (t->role == 0) {
        r->anchor_x = t->anchor_x; r->anchor_y = t->anchor_y;
        r->max_impulse = t->max_force * f->sc.dt;
        r->fpx = r->start_x = t->finger_x;
        r->fpy = r->start_y = t->finger_y;
        r->amp_x = t->amplitude_x; r->amp_y = t->amplitude_y;
        r->sin_x0 = t->sin_x0;
        r->cx = t->cos_x; r->sx = t->sin_x; r->cy = 1.0; r->sy = 0.0;
        r->rcx = t->rot_cos_x; r->rsx = t->rot_sin_x; r->rcy = t->rot_cos_y; r->rsy = t->rot_sin_y;
    } else if (t->role == 1) {
        r->stiff = t->stiffness;
        r->ang_stiff = t->angular_stiffness;
        r->v_coef = 1.0 - exp(-t->damping * f->sc.dt * r->m_inv);
        r->w_coef = 1.0 - exp(-t->angular_damping * f->sc.dt * r->i_inv);
    }
}

void fling_floor_set_tile(fling_floor *f, int64_t i, const fling_floor_tile *t) {
    if (f->ref) {
        ref_set_tile(f, i, t);
        return;
    }
    // Tile i of role r is the (i / 3)-th of its role (the workload's roles cycle by index).
    int64_t k = i / 3;
    int64_t j = t->role == 0 ? k : t->role == 1 ? f->nd + k : f->nd + f->ns + k;
    f->px[j] = t->px; f->py[j] = t->py; f->a[j] = t->angle;
    f->vx[j] = t->vx; f->vy[j] = t->vy; f->w[j] = t->w;
    f->m_inv[j] = 1.0 / t->mass;
    f->i_inv[j] = 1.0 / t->moment;
    f->cull[j] = t->cull_radius;
    f->ox[j] = t->origin_x;
    f->oy[j] = t->origin_y;
    f->bucket[j] = t->bucket;
    if (f->walls) {
        f->half_w[j] = t->width / 2.0;
        f->half_h[j] = t->height / 2.0;
    }
    floor_new_world(f, j);
    if (t->role == 0) {
        f->anchor_x[k] = t->anchor_x; f->anchor_y[k] = t->anchor_y;
        f->max_impulse[k] = t->max_force * f->sc.dt;
        f->f_px[k] = t->finger_x; f->f_py[k] = t->finger_y;
        f->f_vx[k] = f->f_vy[k] = 0.0;
        f->start_x[k] = t->finger_x; f->start_y[k] = t->finger_y;
        f->amp_x[k] = t->amplitude_x; f->amp_y[k] = t->amplitude_y;
        f->sin_x0[k] = t->sin_x0;
        f->cx[k] = t->cos_x; f->sx[k] = t->sin_x; f->cy[k] = 1.0; f->sy[k] = 0.0;
        f->rcx[k] = t->rot_cos_x; f->rsx[k] = t->rot_sin_x; f->rcy[k] = t->rot_cos_y; f->rsy[k] = t->rot_sin_y;
        f->jx[k] = f->jy[k] = 0.0;
    } else if (t->role == 1) {
        int64_t s = j - f->nd;
        double dt = f->sc.dt;
        f->stiff[s] = t->stiffness;
        f->ang_stiff[s] = t->angular_stiffness;
        // The springs' damping over a step, for k = 1/m and 1/I (the same every re-release).
        f->v_coef[s] = 1.0 - exp(-t->damping * dt * f->m_inv[j]);
        f->w_coef[s] = 1.0 - exp(-t->angular_damping * dt * f->i_inv[j]);
    }
}

void fling_floor_state(const fling_floor *f, int64_t i, double out[6]) { memcpy(out, f->out + 6 * i, 6 * sizeof(double)); }

/// The life cycle's lists: the springing tiles by re-release bucket, the dragged by re-grab.
static void make_lists(fling_floor *f) {
    int64_t ps = f->sc.spring_period, pr = f->sc.regrab_period;
    for (int64_t j = f->nd; j < f->nd + f->ns; j++) f->spring_start[f->bucket[j] + 1]++;
    for (int64_t d = 0; d < f->nd; d++) f->regrab_start[f->bucket[d] + 1]++;
    for (int64_t b = 0; b < ps; b++) f->spring_start[b + 1] += f->spring_start[b];
    for (int64_t b = 0; b < pr; b++) f->regrab_start[b + 1] += f->regrab_start[b];
    // Filled in tile order (the start of each bucket advanced, then moved back).
    for (int64_t j = f->nd; j < f->nd + f->ns; j++) f->spring_list[f->spring_start[f->bucket[j]]++] = j;
    for (int64_t d = 0; d < f->nd; d++) f->regrab_list[f->regrab_start[f->bucket[d]]++] = d;
    for (int64_t b = ps; b > 0; b--) f->spring_start[b] = f->spring_start[b - 1];
    for (int64_t b = pr; b > 0; b--) f->regrab_start[b] = f->regrab_start[b - 1];
    f->spring_start[0] = f->regrab_start[0] = 0;
    f->lists_made = 1;
}

void fling_floor_tick(fling_floor *f) {
    if (!f->lists_made) make_lists(f);
    f->tick_fn(f);
}
