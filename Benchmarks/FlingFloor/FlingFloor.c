// The machine's floor for tile-bench: one tick of the tile workload written as plain C over
// flat arrays (structure of arrays, tiles grouped by role), beside the rows that run it through
// Fling. It need not give Chipmunk's bits; it does the same arithmetic per tile, so that a
// row's ns per tile-step over the floor's is what Fling's layout, checks and API cost above
// what this machine needs for the same work.
//
// What a tick computes, per tile (the rows time the same parts of their tick):
// - fingers: each dragged tile's finger advanced along its Lissajous path (a fixed rotation of
//   two (cos, sin) pairs) and the drag moved there, velocity = delta / dt (two divisions);
// - the step, as NativeBackend.step(by:) runs it for that world: positions (p += v·dt); the
//   new angle's cos and sin (libm's, two calls: the native step's one cosSin per world);
//   the dragged tiles' pivot joint pre-step (the anchor turned, Chipmunk's k_tensor with the
//   finger's zero-mass terms, one division for the inverse, the bias and its clamp at
//   maxBias = ∞), velocity (v·damping + g·dt), the cached impulse, then the iterations
//   (j = K⁻¹(bias − v_rel), the accumulated impulse clamped to maxForce·dt, whose sqrt and
//   division are made, as in the SIMD lanes, only when a tile of the group needs them); the
//   springing tiles' damped spring pre-step (sqrt, 1/dist, 1/k, the spring impulse) and
//   damped rotary spring pre-step (1/moment, the torque), velocity, then the iterations
//   (spring then rotary damping); the falling tiles' velocity alone (no joint, no
//   iterations). `iterations` rounds (10, Chipmunk's default and the workload's).
//   damping^dt, errorBias^dt and the springs' 1 − exp(…) are made once per dt, as the native
//   solver keeps them (and again, one exp or pow each, for a joint made anew);
// - the states read out (x, y, angle, velocity, spin into an array in tile order);
// - the life cycle: each falling tile tested against the culling box and, once outside,
//   respawned at its origin with a seeded toss (SplitMix64, the workload's draw); the
//   springing tiles due this tick kicked and their springs made anew (their two exp); the
//   dragged tiles due re-grabbed where the finger is (the anchor in tile coordinates, its cos
//   and sin, a new pivot and its pow).
// With walls (floor+walls, the +walls rows' work), per tile also: the position step swept
// against the four walls (the centre's path crossing a wall's segment: two cross products a
// wall, the rare put-back left out as the native backend keeps it out of line); the box
// through the body's transform, its bounding box against each wall's, and for a wall it meets
// Chipmunk's SegmentToPoly (GJK from the bounding boxes' centres, EPA when they overlap, the
// support edges and the clipped contact points), the arbiter updated with the old contacts'
// impulses by feature and aged (persistence 3); the two-channel value-noise field (cell size
// 128 pt at smoothness 0.5, the cell's eight corners hashed for both seeds when the body's
// cell is not in the 256-cell memo, blended trilinearly with smoothstep weights) added in the
// velocity update, which then also divides 1/(1/m) for the field's mass and advances the
// field clock; and a tile whose box touches a wall solved alone: each contact's pre-step
// (1/k twice, the bias with its division by dt, the bounce), its joint's pre-step, the
// velocity update, the cached impulses, then per iteration every contact's bias, normal and
// friction impulse (elasticity 0.5·0.6, friction 0.3·0.4) before its joint's.
//
// Left out, because the native step does not do it either for these worlds: the finger's and
// the static body's own terms in the iterations (their velocity and spin stay exactly what
// they are, so the lanes skip them), the space's broad phase beyond four bounding boxes,
// Chipmunk's callbacks and sleeping. Left out although the rows do it: the wall hash's
// lookup of the order in which to test the walls (the floor tests them in list order), the
// rows' API checks and slot lookups, and the digest (folded outside the timed tick by every
// row). Nothing here reads a clock or a random source, and a tick allocates nothing.
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

enum { BLOCK = 256, CHUNK = 64, WALLS = 4, NOISE_CELLS = 256 };

typedef struct { double x, y; } v2;
static inline v2 vv(double x, double y) { v2 r = {x, y}; return r; }
static inline v2 vadd(v2 a, v2 b) { return vv(a.x + b.x, a.y + b.y); }
static inline v2 vsub(v2 a, v2 b) { return vv(a.x - b.x, a.y - b.y); }
static inline v2 vmul(v2 a, double s) { return vv(a.x * s, a.y * s); }
static inline v2 vneg(v2 a) { return vv(-a.x, -a.y); }
static inline double vdot(v2 a, v2 b) { return a.x * b.x + a.y * b.y; }
static inline double vcross(v2 a, v2 b) { return a.x * b.y - a.y * b.x; }
static inline v2 vperp(v2 a) { return vv(-a.y, a.x); }
static inline v2 vrperp(v2 a) { return vv(a.y, -a.x); }
static inline v2 vlerp(v2 a, v2 b, double t) { return vadd(vmul(a, 1.0 - t), vmul(b, t)); }
static inline double fmin_(double a, double b) { return a < b ? a : b; }
static inline double fmax_(double a, double b) { return a > b ? a : b; }
static inline double fclamp(double f, double lo, double hi) { return fmin_(fmax_(f, lo), hi); }

typedef struct { double l, b, r, t; } bb;
static inline int bb_hit(bb a, bb o) { return a.l <= o.r && o.l <= a.r && a.b <= o.t && o.b <= a.t; }

typedef struct { v2 ta, tb, tn; bb box; } wall;
typedef struct { v2 vert[4], norm[4]; bb box; } box_shape;

/// A wall's arbiter between steps: accumulated impulses by contact, features, age.
typedef struct {
    double jn[2], jt[2];
    uint16_t feature[2];
    uint8_t stamp, state, count;
} arbiter_record;
enum { ARB_NONE, ARB_FIRST, ARB_NORMAL, ARB_CACHED };

typedef struct {
    double r1x, r1y, r2x, r2y, n_mass, t_mass, bias, j_bias, bounce, jn, jt;
    uint16_t feature;
} contact;
typedef struct {
    int wall, count, state;
    contact c[2];
    double nx, ny, e, u;
} arbiter;

typedef struct {
    uint64_t s0, s1;
    int64_t i, j, k;
    double c0[8], c1[8];
} noise_cell;

typedef struct { v2 a, b, ab; uint32_t id; } mpoint;
typedef struct { v2 a, b, n; double d; } closest;
typedef struct { v2 p1, p2; uint16_t feature; } hit;
typedef struct { int count; v2 n; hit c[2]; } collision;

struct fling_floor {
    fling_floor_scene sc;
    int64_t n, nd, ns;
    int walls;
    int64_t tick, respawns, crossings;
    size_t bytes;
    double dt_prev, damping_pow, bias_coef_contacts;
    // Every tile, grouped by role: dragged [0, nd), springing [nd, nd + ns), falling after.
    double *px, *py, *a, *vx, *vy, *w, *m_inv, *i_inv, *cull, *ox, *oy;
    int64_t *index;
    int *bucket;
    double *out; // 6 per tile, in scene order
    // Dragged (nd): the pivot, its finger and the finger's path.
    double *anchor_x, *anchor_y, *max_force, *bias_coef, *r2x, *r2y, *ka, *kb, *kc, *kd, *bias_x, *bias_y, *jx, *jy;
    double *f_px, *f_py, *f_vx, *f_vy, *f_w;
    double *start_x, *start_y, *amp_x, *amp_y, *sin_x0, *cx, *sx, *cy, *sy, *rcx, *rsx, *rcy, *rsy;
    // Springing (ns): the springs and their static body's velocity (impulses land on it).
    double *stiff, *damp, *ang_stiff, *ang_damp;
    double *s_r2x, *s_r2y, *s_nx, *s_ny, *n_mass, *target_vrn, *v_coef, *i_sum, *target_wrn, *w_coef;
    double *g_vx, *g_vy, *g_w;
    // Walls: half sizes, bias velocities, field clocks, arbiter records.
    double *half_w, *half_h, *b_vx, *b_vy, *b_w, *field_time;
    arbiter_record *records;
    wall wall[WALLS];
    noise_cell *noise;
    // One block's scratch: cos, sin, the tiles of the lanes and their gathered state.
    double *cosv, *sinv;
    int64_t *lanes;
    double *scratch;
};

// MARK: - Seeded draws (the workload's SplitMix64)

static inline uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
typedef struct { uint64_t state; } rng;
static inline rng rng_make(int64_t a, int64_t b, uint64_t salt) {
    rng r = {salt ^ ((uint64_t)a * 0x9E3779B97F4A7C15ull) ^ ((uint64_t)b * 0xD1B54A32D192ED03ull)};
    return r;
}
static inline double rng_uniform(rng *r, double lo, double hi) {
    r->state += 0x9E3779B97F4A7C15ull;
    return lo + (hi - lo) * ((double)(mix64(r->state) >> 11) * 0x1p-53);
}

// MARK: - Setup

static void *take(fling_floor *f, size_t count, size_t size) {
    f->bytes += count * size;
    return calloc(count ? count : 1, size);
}

fling_floor *fling_floor_create(const fling_floor_scene *scene, int64_t count, int walls) {
    fling_floor *f = calloc(1, sizeof *f);
    if (!f) return NULL;
    f->sc = *scene;
    f->n = count;
    f->walls = walls;
    f->nd = (count + 2) / 3;
    f->ns = (count + 1) / 3;
    size_t n = (size_t)count, nd = (size_t)f->nd, ns = (size_t)f->ns;
    double **all[] = {&f->px, &f->py, &f->a, &f->vx, &f->vy, &f->w, &f->m_inv, &f->i_inv, &f->cull, &f->ox, &f->oy};
    for (size_t k = 0; k < sizeof all / sizeof *all; k++) *all[k] = take(f, n, sizeof(double));
    f->index = take(f, n, sizeof(int64_t));
    f->bucket = take(f, n, sizeof(int));
    f->out = take(f, 6 * n, sizeof(double));
    double **drag[] = {&f->anchor_x, &f->anchor_y, &f->max_force, &f->bias_coef, &f->r2x, &f->r2y, &f->ka, &f->kb,
                       &f->kc, &f->kd, &f->bias_x, &f->bias_y, &f->jx, &f->jy, &f->f_px, &f->f_py, &f->f_vx, &f->f_vy,
                       &f->f_w, &f->start_x, &f->start_y, &f->amp_x, &f->amp_y, &f->sin_x0, &f->cx, &f->sx, &f->cy,
                       &f->sy, &f->rcx, &f->rsx, &f->rcy, &f->rsy};
    for (size_t k = 0; k < sizeof drag / sizeof *drag; k++) *drag[k] = take(f, nd, sizeof(double));
    double **spring[] = {&f->stiff, &f->damp, &f->ang_stiff, &f->ang_damp, &f->s_r2x,
                         &f->s_r2y, &f->s_nx, &f->s_ny, &f->n_mass, &f->target_vrn, &f->v_coef, &f->i_sum,
                         &f->target_wrn, &f->w_coef, &f->g_vx, &f->g_vy, &f->g_w};
    for (size_t k = 0; k < sizeof spring / sizeof *spring; k++) *spring[k] = take(f, ns, sizeof(double));
    if (walls) {
        double **w[] = {&f->half_w, &f->half_h, &f->b_vx, &f->b_vy, &f->b_w, &f->field_time};
        for (size_t k = 0; k < sizeof w / sizeof *w; k++) *w[k] = take(f, n, sizeof(double));
        f->records = take(f, WALLS * n, sizeof(arbiter_record));
        f->noise = take(f, NOISE_CELLS, sizeof(noise_cell));
        if (f->noise)
            for (int c = 0; c < NOISE_CELLS; c++) f->noise[c].i = INT64_MIN;
        const fling_floor_scene *s = scene;
        v2 corner[4] = {vv(s->viewport_min_x, s->viewport_min_y), vv(s->viewport_max_x, s->viewport_min_y),
                        vv(s->viewport_max_x, s->viewport_max_y), vv(s->viewport_min_x, s->viewport_max_y)};
        for (int k = 0; k < WALLS; k++) {
            v2 a = corner[k], b = corner[(k + 1) % 4], d = vsub(b, a);
            wall *wl = &f->wall[k];
            wl->ta = a;
            wl->tb = b;
            wl->tn = vrperp(vmul(d, 1.0 / (sqrt(vdot(d, d)) + DBL_MIN)));
            wl->box = (bb){fmin_(a.x, b.x), fmin_(a.y, b.y), fmax_(a.x, b.x), fmax_(a.y, b.y)};
        }
        f->bias_coef_contacts = 1.0 - pow(s->collision_bias, s->dt);
    }
    f->cosv = take(f, BLOCK, sizeof(double));
    f->sinv = take(f, BLOCK, sizeof(double));
    f->lanes = take(f, BLOCK, sizeof(int64_t));
    f->scratch = take(f, 24 * BLOCK, sizeof(double));
    // Every array above, checked once.
    void *check[] = {f->px, f->py, f->a, f->vx, f->vy, f->w, f->m_inv, f->i_inv, f->cull, f->ox, f->oy, f->index, f->bucket, f->out,
                     f->rsy, f->g_w, f->cosv, f->sinv, f->lanes, f->scratch};
    int ok = 1;
    for (size_t k = 0; k < sizeof check / sizeof *check; k++) ok = ok && check[k];
    for (size_t k = 0; k < sizeof drag / sizeof *drag; k++) ok = ok && *drag[k];
    for (size_t k = 0; k < sizeof spring / sizeof *spring; k++) ok = ok && *spring[k];
    if (walls) ok = ok && f->half_w && f->half_h && f->b_vx && f->b_vy && f->b_w && f->field_time && f->records && f->noise;
    if (!ok) {
        fling_floor_destroy(f);
        return NULL;
    }
    f->damping_pow = pow(scene->damping, scene->dt);
    return f;
}

void fling_floor_destroy(fling_floor *f) {
    if (!f) return;
    double *arrays[] = {f->px, f->py, f->a, f->vx, f->vy, f->w, f->m_inv, f->i_inv, f->cull, f->ox, f->oy, f->out, f->anchor_x,
                        f->anchor_y, f->max_force, f->bias_coef, f->r2x, f->r2y, f->ka, f->kb, f->kc, f->kd,
                        f->bias_x, f->bias_y, f->jx, f->jy, f->f_px, f->f_py, f->f_vx, f->f_vy, f->f_w, f->start_x,
                        f->start_y, f->amp_x, f->amp_y, f->sin_x0, f->cx, f->sx, f->cy, f->sy, f->rcx, f->rsx, f->rcy,
                        f->rsy, f->stiff, f->damp, f->ang_stiff, f->ang_damp, f->s_r2x,
                        f->s_r2y, f->s_nx, f->s_ny, f->n_mass, f->target_vrn, f->v_coef, f->i_sum, f->target_wrn,
                        f->w_coef, f->g_vx, f->g_vy, f->g_w, f->half_w, f->half_h, f->b_vx, f->b_vy, f->b_w,
                        f->field_time, f->cosv, f->sinv, f->scratch};
    for (size_t k = 0; k < sizeof arrays / sizeof *arrays; k++) free(arrays[k]);
    free(f->index);
    free(f->bucket);
    free(f->records);
    free(f->noise);
    free(f->lanes);
    free(f);
}

size_t fling_floor_bytes(const fling_floor *f) { return f->bytes; }
int64_t fling_floor_respawns(const fling_floor *f) { return f->respawns; }

/// A new pivot at the tile's grabbed point: the error bias raised to dt (one pow), no impulse.
static void new_pivot(fling_floor *f, int64_t d) {
    f->bias_coef[d] = -(1.0 - pow(f->sc.drag_error_bias, f->sc.dt)) / f->sc.dt;
    f->jx[d] = 0.0;
    f->jy[d] = 0.0;
}

/// New springs: their damping coefficients for k = 1/m and 1/I (two exp).
static void new_springs(fling_floor *f, int64_t j) {
    int64_t s = j - f->nd;
    double dt = f->sc.dt;
    f->v_coef[s] = 1.0 - exp(-f->damp[s] * dt * f->m_inv[j]);
    f->w_coef[s] = 1.0 - exp(-f->ang_damp[s] * dt * (0.0 + f->i_inv[j]));
    f->g_vx[s] = f->g_vy[s] = f->g_w[s] = 0.0;
}

/// A world made anew (respawn, or set up): no bias, field clock 0, no arbiter.
static void new_world(fling_floor *f, int64_t j) {
    if (!f->walls) return;
    f->b_vx[j] = f->b_vy[j] = f->b_w[j] = 0.0;
    f->field_time[j] = 0.0;
    memset(f->records + WALLS * j, 0, WALLS * sizeof(arbiter_record));
}

void fling_floor_set_tile(fling_floor *f, int64_t i, const fling_floor_tile *t) {
    // Tile i of role r is the (i / 3)-th of its role.
    int64_t k = i / 3;
    int64_t j = t->role == 0 ? k : t->role == 1 ? f->nd + k : f->nd + f->ns + k;
    f->index[j] = t->index;
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
    new_world(f, j);
    if (t->role == 0) {
        f->anchor_x[k] = t->anchor_x; f->anchor_y[k] = t->anchor_y;
        f->max_force[k] = t->max_force;
        f->f_px[k] = t->finger_x; f->f_py[k] = t->finger_y;
        f->f_vx[k] = f->f_vy[k] = f->f_w[k] = 0.0;
        f->start_x[k] = t->finger_x; f->start_y[k] = t->finger_y;
        f->amp_x[k] = t->amplitude_x; f->amp_y[k] = t->amplitude_y;
        f->sin_x0[k] = t->sin_x0;
        f->cx[k] = t->cos_x; f->sx[k] = t->sin_x; f->cy[k] = 1.0; f->sy[k] = 0.0;
        f->rcx[k] = t->rot_cos_x; f->rsx[k] = t->rot_sin_x; f->rcy[k] = t->rot_cos_y; f->rsy[k] = t->rot_sin_y;
        new_pivot(f, k);
    } else if (t->role == 1) {
        int64_t s = j - f->nd;
        f->stiff[s] = t->stiffness; f->damp[s] = t->damping;
        f->ang_stiff[s] = t->angular_stiffness; f->ang_damp[s] = t->angular_damping;
        new_springs(f, j);
    }
}

void fling_floor_state(const fling_floor *f, int64_t i, double out[6]) { memcpy(out, f->out + 6 * i, 6 * sizeof(double)); }

// MARK: - Joints, one tile (pre-steps, and the scalar iterations of a tile touching a wall)

static inline void drag_pre_step(fling_floor *f, int64_t d, int64_t j, double c, double s) {
    const double m_inv = f->m_inv[j], i_inv = f->i_inv[j];
    // r1: the finger's anchor (0, 0) turned by angle 0; r2: the grabbed point by the tile's.
    double r1x = 1.0 * 0.0 + (-0.0) * 0.0, r1y = 0.0 * 0.0 + 1.0 * 0.0;
    double r2x = c * f->anchor_x[d] + (-s) * f->anchor_y[d], r2y = s * f->anchor_x[d] + c * f->anchor_y[d];
    // k_tensor with the finger's zero inverse mass and moment.
    double m_sum = 0.0 + m_inv, k11 = m_sum, k12 = 0.0, k21 = 0.0, k22 = m_sum;
    double r1xsq = r1x * r1x * 0.0, r1ysq = r1y * r1y * 0.0, r1nxy = -r1x * r1y * 0.0;
    k11 += r1ysq; k12 += r1nxy; k21 += r1nxy; k22 += r1xsq;
    double r2xsq = r2x * r2x * i_inv, r2ysq = r2y * r2y * i_inv, r2nxy = -r2x * r2y * i_inv;
    k11 += r2ysq; k12 += r2nxy; k21 += r2nxy; k22 += r2xsq;
    double det_inv = 1.0 / (k11 * k22 - k12 * k21);
    f->ka[d] = k22 * det_inv; f->kb[d] = -k12 * det_inv; f->kc[d] = -k21 * det_inv; f->kd[d] = k11 * det_inv;
    f->r2x[d] = r2x; f->r2y[d] = r2y;
    double dx = (f->px[j] + r2x) - (f->f_px[d] + r1x), dy = (f->py[j] + r2y) - (f->f_py[d] + r1y);
    double bx = dx * f->bias_coef[d], by = dy * f->bias_coef[d];
    // The bias clamped to maxBias = ∞: never rescaled, still compared.
    double dot = bx * bx + by * by, inf = INFINITY;
    f->bias_x[d] = dot > inf * inf ? 0.0 : bx;
    f->bias_y[d] = dot > inf * inf ? 0.0 : by;
}

/// The pivot's cached impulse, scaled by dt / prev_dt (1 in this workload's steady steps).
static inline void drag_cached(fling_floor *f, int64_t d, int64_t j, double dt_coef) {
    double jx = f->jx[d] * dt_coef, jy = f->jy[d] * dt_coef;
    f->f_vx[d] = f->f_vx[d] + (-jx) * 0.0;
    f->f_vy[d] = f->f_vy[d] + (-jy) * 0.0;
    f->vx[j] = f->vx[j] + jx * f->m_inv[j];
    f->vy[j] = f->vy[j] + jy * f->m_inv[j];
    f->w[j] += f->i_inv[j] * (f->r2x[d] * jy - f->r2y[d] * jx);
}

static inline void drag_iterate_one(fling_floor *f, int64_t d, double m_inv, double i_inv, double *vx, double *vy,
                                    double *wp) {
    double r2x = f->r2x[d], r2y = f->r2y[d], w = *wp;
    double vrx = (*vx + (-r2y) * w) - f->f_vx[d], vry = (*vy + r2x * w) - f->f_vy[d];
    double ex = f->bias_x[d] - vrx, ey = f->bias_y[d] - vry;
    double x = f->jx[d] + (ex * f->ka[d] + ey * f->kb[d]), y = f->jy[d] + (ex * f->kc[d] + ey * f->kd[d]);
    double len = f->max_force[d] * f->sc.dt, dot = x * x + y * y;
    if (dot > len * len) {
        double inv = 1.0 / (sqrt(dot) + DBL_MIN);
        x = (x * inv) * len;
        y = (y * inv) * len;
    }
    double dx = x - f->jx[d], dy = y - f->jy[d];
    f->jx[d] = x; f->jy[d] = y;
    *vx = *vx + dx * m_inv;
    *vy = *vy + dy * m_inv;
    *wp = w + i_inv * (r2x * dy - r2y * dx);
}

static inline void spring_pre_step(fling_floor *f, int64_t s, int64_t j, double c, double sn) {
    const double dt = f->sc.dt, m_inv = f->m_inv[j], i_inv = f->i_inv[j];
    double r1x = 1.0 * f->ox[j] + (-0.0) * f->oy[j], r1y = 0.0 * f->ox[j] + 1.0 * f->oy[j];
    double r2x = c * 0.0 + (-sn) * 0.0, r2y = sn * 0.0 + c * 0.0;
    double dx = (f->px[j] + r2x) - (0.0 + r1x), dy = (f->py[j] + r2y) - (0.0 + r1y);
    double dist = floor_sqrt(dx * dx + dy * dy);
    double inv = 1.0 / (dist != 0.0 ? dist : INFINITY);
    double nx = dx * inv, ny = dy * inv;
    double rcn1 = r1x * ny - r1y * nx, rcn2 = r2x * ny - r2y * nx;
    double k = (0.0 + 0.0 * rcn1 * rcn1) + (m_inv + i_inv * rcn2 * rcn2);
    f->n_mass[s] = 1.0 / k;
    f->target_vrn[s] = 0.0;
    f->s_r2x[s] = r2x; f->s_r2y[s] = r2y; f->s_nx[s] = nx; f->s_ny[s] = ny;
    double j_spring = (0.0 - dist) * f->stiff[s] * dt, jx = nx * j_spring, jy = ny * j_spring;
    f->g_vx[s] = f->g_vx[s] + (-jx) * 0.0;
    f->g_vy[s] = f->g_vy[s] + (-jy) * 0.0;
    f->g_w[s] += 0.0 * (r1x * (-jy) - r1y * (-jx));
    f->vx[j] = f->vx[j] + jx * m_inv;
    f->vy[j] = f->vy[j] + jy * m_inv;
    double w = f->w[j] + i_inv * (r2x * jy - r2y * jx);
    // The rotary spring.
    double moment = 0.0 + i_inv;
    f->i_sum[s] = 1.0 / moment;
    f->target_wrn[s] = 0.0;
    double jr = ((0.0 - f->a[j]) - 0.0) * f->ang_stiff[s] * dt;
    f->g_w[s] -= jr * 0.0;
    f->w[j] = w + jr * i_inv;
}

static inline void spring_iterate_one(fling_floor *f, int64_t s, double m_inv, double i_inv, double *vx, double *vy,
                                      double *wp) {
    double r2x = f->s_r2x[s], r2y = f->s_r2y[s], nx = f->s_nx[s], ny = f->s_ny[s], w = *wp;
    double vrx = *vx + (-r2y) * w, vry = *vy + r2x * w;
    double vrn = vrx * nx + vry * ny;
    double v_damp = (f->target_vrn[s] - vrn) * f->v_coef[s];
    f->target_vrn[s] = vrn + v_damp;
    double jd = v_damp * f->n_mass[s], jx = nx * jd, jy = ny * jd;
    *vx = *vx + jx * m_inv;
    *vy = *vy + jy * m_inv;
    w = w + i_inv * (r2x * jy - r2y * jx);
    double wrn = 0.0 - w, w_damp = (f->target_wrn[s] - wrn) * f->w_coef[s];
    f->target_wrn[s] = wrn + w_damp;
    *wp = w - w_damp * f->i_sum[s] * i_inv;
}

// MARK: - The iterations of many tiles at once (dense arrays: the vectorizer's loops)

/// `iterations` rounds of `count` pivots (count ≤ CHUNK), the finger's terms skipped as in the
/// lanes; the clamp's sqrt and division only when a tile of the chunk needs them.
static void drag_iterate(int64_t count, int iterations, double dt, double *restrict vx, double *restrict vy,
                         double *restrict w, const double *restrict m_inv, const double *restrict i_inv,
                         const double *restrict ax, const double *restrict ay, const double *restrict r2x,
                         const double *restrict r2y, const double *restrict ka, const double *restrict kb,
                         const double *restrict kc, const double *restrict kd, const double *restrict bias_x,
                         const double *restrict bias_y, double *restrict jx, double *restrict jy,
                         const double *restrict max_force) {
    double old_x[CHUNK], old_y[CHUNK], dot[CHUNK], len[CHUNK];
    for (int64_t i = 0; i < count; i++) len[i] = max_force[i] * dt;
    for (int it = 0; it < iterations; it++) {
        int over = 0;
        for (int64_t i = 0; i < count; i++) {
            double vrx = (vx[i] + (-r2y[i]) * w[i]) - ax[i], vry = (vy[i] + r2x[i] * w[i]) - ay[i];
            double ex = bias_x[i] - vrx, ey = bias_y[i] - vry;
            old_x[i] = jx[i];
            old_y[i] = jy[i];
            double x = jx[i] + (ex * ka[i] + ey * kb[i]), y = jy[i] + (ex * kc[i] + ey * kd[i]);
            jx[i] = x;
            jy[i] = y;
            dot[i] = x * x + y * y;
            over |= dot[i] > len[i] * len[i];
        }
        if (over)
            for (int64_t i = 0; i < count; i++)
                if (dot[i] > len[i] * len[i]) {
                    double inv = 1.0 / (sqrt(dot[i]) + DBL_MIN);
                    jx[i] = (jx[i] * inv) * len[i];
                    jy[i] = (jy[i] * inv) * len[i];
                }
        for (int64_t i = 0; i < count; i++) {
            double dx = jx[i] - old_x[i], dy = jy[i] - old_y[i];
            vx[i] = vx[i] + dx * m_inv[i];
            vy[i] = vy[i] + dy * m_inv[i];
            w[i] = w[i] + i_inv[i] * (r2x[i] * dy - r2y[i] * dx);
        }
    }
}

/// `iterations` rounds of `count` springs (the spring, then the rotary spring), the static
/// body's terms skipped as in the lanes.
static void spring_iterate(int64_t count, int iterations, double *restrict vx, double *restrict vy,
                           double *restrict w, const double *restrict m_inv, const double *restrict i_inv,
                           const double *restrict r2x, const double *restrict r2y, const double *restrict nx,
                           const double *restrict ny, const double *restrict n_mass, const double *restrict v_coef,
                           double *restrict target_vrn, const double *restrict i_sum, const double *restrict w_coef,
                           double *restrict target_wrn) {
    for (int it = 0; it < iterations; it++)
        for (int64_t i = 0; i < count; i++) {
            double vrx = vx[i] + (-r2y[i]) * w[i], vry = vy[i] + r2x[i] * w[i];
            double vrn = vrx * nx[i] + vry * ny[i];
            double v_damp = (target_vrn[i] - vrn) * v_coef[i];
            target_vrn[i] = vrn + v_damp;
            double jd = v_damp * n_mass[i], jx = nx[i] * jd, jy = ny[i] * jd;
            vx[i] = vx[i] + jx * m_inv[i];
            vy[i] = vy[i] + jy * m_inv[i];
            double ww = w[i] + i_inv[i] * (r2x[i] * jy - r2y[i] * jx);
            double wrn = 0.0 - ww, w_damp = (target_wrn[i] - wrn) * w_coef[i];
            target_wrn[i] = wrn + w_damp;
            w[i] = ww - w_damp * i_sum[i] * i_inv[i];
        }
}

/// The iterations of the listed tiles of one role: gathered into the scratch's dense arrays
/// (as the native lanes gather theirs), iterated a chunk at a time, scattered back. Tiles
/// already dense (every tile of the role, open space) are iterated where they are.
static void iterate_lanes(fling_floor *f, int role, const int64_t *list, int64_t count, int64_t first) {
    const int iterations = f->sc.iterations;
    const double dt = f->sc.dt;
    for (int64_t c0 = 0; c0 < count; c0 += CHUNK) {
        int64_t m = count - c0 < CHUNK ? count - c0 : CHUNK;
        if (!list) {
            int64_t j = first + c0, d = j - (role == 0 ? 0 : f->nd);
            if (role == 0)
                drag_iterate(m, iterations, dt, f->vx + j, f->vy + j, f->w + j, f->m_inv + j, f->i_inv + j,
                             f->f_vx + d, f->f_vy + d, f->r2x + d, f->r2y + d, f->ka + d, f->kb + d, f->kc + d,
                             f->kd + d, f->bias_x + d, f->bias_y + d, f->jx + d, f->jy + d, f->max_force + d);
            else
                spring_iterate(m, iterations, f->vx + j, f->vy + j, f->w + j, f->m_inv + j, f->i_inv + j,
                               f->s_r2x + d, f->s_r2y + d, f->s_nx + d, f->s_ny + d, f->n_mass + d, f->v_coef + d,
                               f->target_vrn + d, f->i_sum + d, f->w_coef + d, f->target_wrn + d);
            continue;
        }
        double *g[19];
        for (int k = 0; k < 19; k++) g[k] = f->scratch + k * CHUNK;
        const int64_t *at = list + c0;
        int64_t off = role == 0 ? 0 : f->nd;
        double *src[14];
        if (role == 0) {
            double *s[] = {f->f_vx, f->f_vy, f->r2x, f->r2y, f->ka, f->kb, f->kc, f->kd, f->bias_x, f->bias_y,
                           f->jx, f->jy, f->max_force, NULL};
            memcpy(src, s, sizeof s);
        } else {
            double *s[] = {f->s_r2x, f->s_r2y, f->s_nx, f->s_ny, f->n_mass, f->v_coef, f->target_vrn, f->i_sum,
                           f->w_coef, f->target_wrn, NULL, NULL, NULL, NULL};
            memcpy(src, s, sizeof s);
        }
        for (int64_t i = 0; i < m; i++) {
            int64_t j = at[i], d = j - off;
            g[0][i] = f->vx[j]; g[1][i] = f->vy[j]; g[2][i] = f->w[j]; g[3][i] = f->m_inv[j]; g[4][i] = f->i_inv[j];
            for (int k = 0; k < 14 && src[k]; k++) g[5 + k][i] = src[k][d];
        }
        if (role == 0)
            drag_iterate(m, iterations, dt, g[0], g[1], g[2], g[3], g[4], g[5], g[6], g[7], g[8], g[9], g[10], g[11],
                         g[12], g[13], g[14], g[15], g[16], g[17]);
        else
            spring_iterate(m, iterations, g[0], g[1], g[2], g[3], g[4], g[5], g[6], g[7], g[8], g[9], g[10], g[11],
                           g[12], g[13], g[14]);
        for (int64_t i = 0; i < m; i++) {
            int64_t j = at[i], d = j - off;
            f->vx[j] = g[0][i]; f->vy[j] = g[1][i]; f->w[j] = g[2][i];
            if (role == 0) { f->jx[d] = g[15][i]; f->jy[d] = g[16][i]; }
            else { f->target_vrn[d] = g[11][i]; f->target_wrn[d] = g[14][i]; }
        }
    }
}

// MARK: - The noise field

static inline uint64_t noise_inner(int64_t i, int64_t j, int64_t k) {
    return mix64(((uint64_t)i * 0xD1B54A32D192ED03ull ^ (uint64_t)j * 0xABC98388FB8FAC03ull ^
                  (uint64_t)k * 0x8CB92BA72F3D8DD7ull) + 0x9E3779B97F4A7C15ull);
}
static inline double noise_corner(uint64_t seed, uint64_t inner) {
    return (double)(mix64((seed ^ inner) + 0x9E3779B97F4A7C15ull) >> 11) * 0x1p-52 - 1;
}
static inline int64_t noise_split(double x, double *frac) {
    int64_t t = (int64_t)x, i = t - ((double)t > x ? 1 : 0);
    *frac = x - (double)i;
    return i;
}
static inline double noise_blend(const double *c, double sx, double sy, double sz) {
#define EDGE(a, b) ((a) + ((b) - (a)) * sx)
#define FACE(e0, e1) ((e0) + ((e1) - (e0)) * sy)
    double a = FACE(EDGE(c[0], c[1]), EDGE(c[2], c[3])), b = FACE(EDGE(c[4], c[5]), EDGE(c[6], c[7]));
#undef EDGE
#undef FACE
    return a + (b - a) * sz;
}

/// The field's force at the tile's position and clock: both channels of the noise, times
/// the strength (falloff 0, region everywhere).
static void noise_force(fling_floor *f, double px, double py, double time, double *fx, double *fy) {
    const fling_floor_scene *s = &f->sc;
    double reach = 1e12, dx = px - s->field_x, dy = py - s->field_y;
    dx = dx > reach ? reach : (dx < -reach ? -reach : dx);
    dy = dy > reach ? reach : (dy < -reach ? -reach : dy);
    double x = dx * s->field_cell_inverse, y = dy * s->field_cell_inverse, z = time * s->field_rate, ffx, ffy, ffz;
    int64_t i = noise_split(x, &ffx), j = noise_split(y, &ffy), k = noise_split(z, &ffz);
    uint64_t seed0 = s->field_seed, seed1 = seed0 ^ 0x5DEECE66D1CE4E5Bull;
    uint64_t h = (uint64_t)i * 0x9E3779B97F4A7C15ull + (uint64_t)j * 0xC2B2AE3D27D4EB4Full +
                 (uint64_t)k * 0x165667B19E3779F9ull;
    noise_cell *cell = f->noise + (h >> 56);
    if (!(cell->i == i && cell->j == j && cell->k == k && cell->s0 == seed0 && cell->s1 == seed1)) {
        cell->s0 = seed0; cell->s1 = seed1; cell->i = i; cell->j = j; cell->k = k;
        for (int c = 0; c < 8; c++) {
            uint64_t inner = noise_inner(i + (c & 1), j + ((c >> 1) & 1), k + (c >> 2));
            cell->c0[c] = noise_corner(seed0, inner);
            cell->c1[c] = noise_corner(seed1, inner);
        }
    }
    double sx = ffx * ffx * (3 - 2 * ffx), sy = ffy * ffy * (3 - 2 * ffy), sz = ffz * ffz * (3 - 2 * ffz);
    double strength = s->field_strength * 1.0;
    *fx = noise_blend(cell->c0, sx, sy, sz) * strength;
    *fy = noise_blend(cell->c1, sx, sy, sz) * strength;
}

/// The velocity update: v·damping + (g + F/m)·dt, the field's force F for the walls floor.
static inline void update_velocity(fling_floor *f, int64_t j) {
    const double dt = f->sc.dt, damping = f->damping_pow;
    double fx = 0.0, fy = 0.0;
    if (f->walls) {
        double nx, ny;
        noise_force(f, f->px[j], f->py[j], f->field_time[j], &nx, &ny);
        fx = fx + nx;
        fy = fy + ny;
        f->field_time[j] = f->field_time[j] + dt;
    }
    f->vx[j] = f->vx[j] * damping + (f->sc.gravity_x + fx * f->m_inv[j]) * dt;
    f->vy[j] = f->vy[j] * damping + (f->sc.gravity_y + fy * f->m_inv[j]) * dt;
    f->w[j] = f->w[j] * damping + 0.0 * f->i_inv[j] * dt;
}

// MARK: - Collision: Chipmunk's SegmentToPoly for a wall and the tile's box

static inline int point_greater(v2 a, v2 b, v2 c) {
    return (b.y - a.y) * (a.x + b.x - 2 * c.x) > (b.x - a.x) * (a.y + b.y - 2 * c.y);
}
static inline double closest_t(v2 a, v2 b) {
    v2 d = vsub(b, a);
    return -fclamp(vdot(d, vadd(a, b)) / vdot(d, d), -1.0, 1.0);
}
static inline v2 lerp_t(v2 a, v2 b, double t) {
    double ht = 0.5 * t;
    return vadd(vmul(a, 0.5 - ht), vmul(b, 0.5 + ht));
}
static inline double closest_dist(v2 a, v2 b) { v2 p = lerp_t(a, b, closest_t(a, b)); return vdot(p, p); }

static inline int box_support(const box_shape *b, v2 n) {
    double max = -INFINITY;
    int index = 0;
    for (int i = 0; i < 4; i++) {
        double d = vdot(b->vert[i], n);
        if (d > max) { max = d; index = i; }
    }
    return index;
}
static inline mpoint support(const wall *w, const box_shape *b, v2 n) {
    v2 m = vneg(n);
    int ai = vdot(w->ta, m) > vdot(w->tb, m) ? 0 : 1;
    v2 a = ai ? w->tb : w->ta;
    int bi = box_support(b, n);
    mpoint p = {a, b->vert[bi], vsub(b->vert[bi], a), (uint32_t)(ai << 8 | bi)};
    return p;
}
static closest closest_points(mpoint v0, mpoint v1) {
    double t = closest_t(v0.ab, v1.ab);
    v2 p = lerp_t(v0.ab, v1.ab, t), d = vsub(v1.ab, v0.ab), r = vrperp(d);
    v2 n = vmul(r, 1.0 / (sqrt(vdot(r, r)) + DBL_MIN));
    closest c = {lerp_t(v0.a, v1.a, t), lerp_t(v0.b, v1.b, t), n, vdot(n, p)};
    if (c.d <= 0.0 || (-1.0 < t && t < 1.0)) return c;
    double d2 = sqrt(vdot(p, p));
    c.n = vmul(p, 1.0 / (d2 + DBL_MIN));
    c.d = d2;
    return c;
}
static closest epa(const wall *w, const box_shape *b, mpoint a, mpoint bp, mpoint c) {
    mpoint buf[2][40];
    double dist[40];
    mpoint *hull = buf[0], *next = buf[1];
    hull[0] = a; hull[1] = bp; hull[2] = c;
    int count = 3;
    for (int iteration = 1;; iteration++) {
        int i = count - 1;
        for (int j = 0; j < count; j++) { dist[i] = closest_dist(hull[i].ab, hull[j].ab); i = j; }
        int mini = 0;
        double min = INFINITY;
        i = count - 1;
        for (int j = 0; j < count; j++) {
            if (dist[i] < min) { min = dist[i]; mini = i; }
            i = j;
        }
        mpoint v0 = hull[mini], v1 = hull[mini + 1 == count ? 0 : mini + 1];
        mpoint p = support(w, b, vperp(vsub(v1.ab, v0.ab)));
        if (p.id == v0.id || p.id == v1.id || !point_greater(v0.ab, v1.ab, p.ab) || iteration >= 30)
            return closest_points(v0, v1);
        next[0] = p;
        int count2 = 1;
        for (int k = 0; k < count; k++) {
            int index = mini + 1 + k;
            if (index >= count) index -= count;
            v2 h0 = next[count2 - 1].ab, h1 = hull[index].ab;
            v2 h2 = k + 1 < count ? hull[index + 1 == count ? 0 : index + 1].ab : p.ab;
            if (point_greater(h0, h2, h1)) next[count2++] = hull[index];
        }
        mpoint *t = hull; hull = next; next = t;
        count = count2;
    }
}
static closest gjk(const wall *w, const box_shape *b) {
    v2 wc = vlerp(vv(w->box.l, w->box.b), vv(w->box.r, w->box.t), 0.5);
    v2 bc = vlerp(vv(b->box.l, b->box.b), vv(b->box.r, b->box.t), 0.5);
    v2 axis = vperp(vsub(wc, bc));
    mpoint v0 = support(w, b, axis), v1 = support(w, b, vneg(axis));
    for (int iteration = 1;;) {
        if (iteration > 30) return closest_points(v0, v1);
        if (point_greater(v1.ab, v0.ab, vv(0, 0))) { mpoint t = v0; v0 = v1; v1 = t; continue; }
        double t = closest_t(v0.ab, v1.ab);
        v2 n = (-1.0 < t && t < 1.0) ? vperp(vsub(v1.ab, v0.ab)) : vneg(lerp_t(v0.ab, v1.ab, t));
        mpoint p = support(w, b, n);
        if (point_greater(p.ab, v0.ab, vv(0, 0)) && point_greater(v1.ab, p.ab, vv(0, 0))) return epa(w, b, v0, p, v1);
        if (vdot(p.ab, n) <= fmax_(vdot(v0.ab, n), vdot(v1.ab, n))) return closest_points(v0, v1);
        if (closest_dist(v0.ab, p.ab) < closest_dist(p.ab, v1.ab)) v1 = p; else v0 = p;
        iteration++;
    }
}
static collision segment_to_poly(const wall *w, const box_shape *b) {
    collision info = {0};
    closest pts = gjk(w, b);
    v2 n = pts.n;
    if (!(pts.d - 0.0 - 0.0 <= 0.0)) return info;
    int flip = !(vdot(w->tn, n) > 0.0);
    v2 e1a = flip ? w->tb : w->ta, e1b = flip ? w->ta : w->tb;
    uint16_t e1ai = flip, e1bi = !flip;
    v2 m = vneg(n);
    int i1 = box_support(b, m), i0 = (i1 + 3) % 4, i2 = (i1 + 1) % 4;
    int first = vdot(m, b->norm[i1]) > vdot(m, b->norm[i2]);
    int e2ai = first ? i0 : i1, e2bi = first ? i1 : i2;
    v2 e2a = b->vert[e2ai], e2b = b->vert[e2bi];
    info.n = n;
    double d1a = vcross(e1a, n), d1b = vcross(e1b, n), d2a = vcross(e2a, n), d2b = vcross(e2b, n);
    double e1d = 1.0 / (d1b - d1a + DBL_MIN), e2d = 1.0 / (d2b - d2a + DBL_MIN);
    v2 p1 = vadd(vmul(n, 0.0), vlerp(e1a, e1b, fmax_(0.0, fmin_((d2b - d1a) * e1d, 1.0))));
    v2 p2 = vadd(vmul(n, -0.0), vlerp(e2a, e2b, fmax_(0.0, fmin_((d1a - d2a) * e2d, 1.0))));
    if (vdot(vsub(p2, p1), n) <= 0.0) info.c[info.count++] = (hit){p1, p2, (uint16_t)(e1ai << 8 | e2bi)};
    p1 = vadd(vmul(n, 0.0), vlerp(e1a, e1b, fmax_(0.0, fmin_((d2a - d1a) * e1d, 1.0))));
    p2 = vadd(vmul(n, -0.0), vlerp(e2a, e2b, fmax_(0.0, fmin_((d1b - d2a) * e2d, 1.0))));
    if (vdot(vsub(p2, p1), n) <= 0.0) info.c[info.count++] = (hit){p1, p2, (uint16_t)(e1bi << 8 | e2ai)};
    return info;
}

/// The box against the four walls: arbiters of the walls it touches into `active`, every
/// record aged. Returns how many touch.
static int collide(fling_floor *f, int64_t j, double c, double s, uint8_t stamp, arbiter *active) {
    arbiter_record *rec = f->records + WALLS * j;
    for (int k = 0; k < WALLS; k++)
        if (rec[k].state == ARB_FIRST) rec[k].state = ARB_NORMAL;
    double hw = f->half_w[j], hh = f->half_h[j], px = f->px[j], py = f->py[j];
    v2 local[4] = {vv(hw, -hh), vv(hw, hh), vv(-hw, hh), vv(-hw, -hh)};
    v2 lnorm[4] = {vv(0.0, -1.0), vv(1.0, -0.0), vv(0.0, 1.0), vv(-1.0, -0.0)};
    box_shape box;
    box.box = (bb){INFINITY, INFINITY, -INFINITY, -INFINITY};
    for (int i = 0; i < 4; i++) {
        box.vert[i] = vv(c * local[i].x + (-s) * local[i].y + px, s * local[i].x + c * local[i].y + py);
        box.box.l = fmin_(box.box.l, box.vert[i].x); box.box.r = fmax_(box.box.r, box.vert[i].x);
        box.box.b = fmin_(box.box.b, box.vert[i].y); box.box.t = fmax_(box.box.t, box.vert[i].y);
    }
    int touching = 0, turned = 0;
    for (int k = 0; k < WALLS; k++) {
        const wall *wl = &f->wall[k];
        if (!bb_hit(box.box, wl->box)) continue;
        if (!turned) {
            for (int i = 0; i < 4; i++) box.norm[i] = vv(c * lnorm[i].x + (-s) * lnorm[i].y, s * lnorm[i].x + c * lnorm[i].y);
            turned = 1;
        }
        collision info = segment_to_poly(wl, &box);
        if (!info.count) continue;
        arbiter *arb = active + touching++;
        arbiter_record r = rec[k];
        memset(arb, 0, sizeof *arb);
        arb->wall = k;
        arb->state = r.state == ARB_NONE ? ARB_FIRST : r.state;
        int old_count = r.state == ARB_NONE ? 0 : r.count;
        for (int q = 0; q < info.count; q++) {
            contact *ct = &arb->c[q];
            ct->r1x = info.c[q].p1.x - 0.0; ct->r1y = info.c[q].p1.y - 0.0;
            ct->r2x = info.c[q].p2.x - px; ct->r2y = info.c[q].p2.y - py;
            ct->feature = info.c[q].feature;
            for (int o = 0; o < old_count; o++)
                if (r.feature[o] == ct->feature) { ct->jn = r.jn[o]; ct->jt = r.jt[o]; }
        }
        arb->count = info.count;
        arb->nx = info.n.x; arb->ny = info.n.y;
        arb->e = f->sc.wall_elasticity * f->sc.box_elasticity;
        arb->u = f->sc.wall_friction * f->sc.box_friction;
        if (arb->state == ARB_CACHED) arb->state = ARB_FIRST;
        rec[k] = (arbiter_record){{arb->c[0].jn, arb->c[1].jn}, {arb->c[0].jt, arb->c[1].jt},
                                  {arb->c[0].feature, arb->c[1].feature}, stamp, (uint8_t)arb->state, (uint8_t)arb->count};
    }
    for (int k = 0; k < WALLS; k++) {
        if (rec[k].state == ARB_NONE) continue;
        int ticks = (uint8_t)(stamp - rec[k].stamp);
        if (ticks >= 1 && rec[k].state != ARB_CACHED) rec[k].state = ARB_CACHED;
        if (ticks >= 3) rec[k].state = ARB_NONE;
    }
    return touching;
}

static inline double k_scalar(double m_inv, double i_inv, const contact *c, double nx, double ny) {
    double rcn1 = c->r1x * ny - c->r1y * nx, rcn2 = c->r2x * ny - c->r2y * nx;
    return (0.0 + 0.0 * rcn1 * rcn1) + (m_inv + i_inv * rcn2 * rcn2);
}

/// The step of a tile whose box touches `count` walls, after its collision: alone, whole.
static void contact_step(fling_floor *f, int64_t j, int role, double c, double s, arbiter *act, int count, double dt_coef) {
    const double dt = f->sc.dt, m_inv = f->m_inv[j], i_inv = f->i_inv[j];
    for (int a = 0; a < count; a++)
        for (int q = 0; q < act[a].count; q++) {
            contact *ct = &act[a].c[q];
            double nx = act[a].nx, ny = act[a].ny;
            ct->n_mass = 1.0 / k_scalar(m_inv, i_inv, ct, nx, ny);
            ct->t_mass = 1.0 / k_scalar(m_inv, i_inv, ct, -ny, nx);
            double dist = ((ct->r2x - ct->r1x) + (f->px[j] - 0.0)) * nx + ((ct->r2y - ct->r1y) + (f->py[j] - 0.0)) * ny;
            ct->bias = -f->bias_coef_contacts * fmin_(0.0, dist + f->sc.slop) / dt;
            ct->j_bias = 0.0;
            double vrx = f->vx[j] + (-ct->r2y) * f->w[j], vry = f->vy[j] + ct->r2x * f->w[j];
            ct->bounce = (vrx * nx + vry * ny) * act[a].e;
        }
    int64_t d = role == 0 ? j : j - f->nd;
    if (role == 0) drag_pre_step(f, d, j, c, s);
    if (role == 1) spring_pre_step(f, d, j, c, s);
    update_velocity(f, j);
    for (int a = 0; a < count; a++) {
        if (act[a].state == ARB_FIRST) continue;
        for (int q = 0; q < act[a].count; q++) {
            const contact *ct = &act[a].c[q];
            double nx = act[a].nx, ny = act[a].ny;
            double jx = (nx * ct->jn - ny * ct->jt) * dt_coef, jy = (nx * ct->jt + ny * ct->jn) * dt_coef;
            f->vx[j] = f->vx[j] + jx * m_inv;
            f->vy[j] = f->vy[j] + jy * m_inv;
            f->w[j] += i_inv * (ct->r2x * jy - ct->r2y * jx);
        }
    }
    if (role == 0) drag_cached(f, d, j, dt_coef);
    double bvx = f->b_vx[j], bvy = f->b_vy[j], bw = f->b_w[j], vx = f->vx[j], vy = f->vy[j], w = f->w[j];
    for (int it = 0; it < f->sc.iterations; it++) {
        for (int a = 0; a < count; a++) {
            double nx = act[a].nx, ny = act[a].ny, u = act[a].u;
            for (int q = 0; q < act[a].count; q++) {
                contact *ct = &act[a].c[q];
                double r2x = ct->r2x, r2y = ct->r2y;
                double vb2x = bvx + (-r2y) * bw, vb2y = bvy + r2x * bw;
                double vrx = (vx + (-r2y) * w) + 0.0, vry = (vy + r2x * w) + 0.0;
                double vbn = vb2x * nx + vb2y * ny, vrn = vrx * nx + vry * ny, vrt = vrx * -ny + vry * nx;
                double jbn = (ct->bias - vbn) * ct->n_mass, jbn_old = ct->j_bias;
                ct->j_bias = fmax_(jbn_old + jbn, 0.0);
                double jn = -(ct->bounce + vrn) * ct->n_mass, jn_old = ct->jn;
                ct->jn = fmax_(jn_old + jn, 0.0);
                double jt_max = u * ct->jn, jt = -vrt * ct->t_mass, jt_old = ct->jt;
                ct->jt = fclamp(jt_old + jt, -jt_max, jt_max);
                double dj = ct->j_bias - jbn_old, bjx = nx * dj, bjy = ny * dj;
                bvx = bvx + bjx * m_inv;
                bvy = bvy + bjy * m_inv;
                bw += i_inv * (r2x * bjy - r2y * bjx);
                double djn = ct->jn - jn_old, djt = ct->jt - jt_old;
                double jx = nx * djn - ny * djt, jy = nx * djt + ny * djn;
                vx = vx + jx * m_inv;
                vy = vy + jy * m_inv;
                w += i_inv * (r2x * jy - r2y * jx);
            }
        }
        if (role == 0) drag_iterate_one(f, d, m_inv, i_inv, &vx, &vy, &w);
        if (role == 1) spring_iterate_one(f, d, m_inv, i_inv, &vx, &vy, &w);
    }
    f->vx[j] = vx; f->vy[j] = vy; f->w[j] = w;
    f->b_vx[j] = bvx; f->b_vy[j] = bvy; f->b_w[j] = bw;
    arbiter_record *rec = f->records + WALLS * j;
    for (int a = 0; a < count; a++) {
        arbiter_record *r = rec + act[a].wall;
        r->jn[0] = act[a].c[0].jn; r->jt[0] = act[a].c[0].jt;
        r->jn[1] = act[a].c[1].jn; r->jt[1] = act[a].c[1].jt;
    }
}

// MARK: - The step

/// The position step; with walls, with the bias velocity (then cleared) and swept against
/// the walls (the put-back itself is rare and left out, see the top).
static inline void integrate_positions(fling_floor *f, int64_t lo, int64_t hi) {
    const double dt = f->sc.dt;
    double *restrict px = f->px, *restrict py = f->py, *restrict a = f->a;
    const double *restrict vx = f->vx, *restrict vy = f->vy, *restrict w = f->w;
    if (!f->walls) {
        for (int64_t j = lo; j < hi; j++) {
            px[j] = px[j] + (vx[j] + 0.0) * dt;
            py[j] = py[j] + (vy[j] + 0.0) * dt;
            a[j] = a[j] + (w[j] + 0.0) * dt;
        }
        return;
    }
    for (int64_t j = lo; j < hi; j++) {
        v2 p0 = vv(px[j] + 0.0, py[j] + 0.0);
        px[j] = px[j] + (vx[j] + f->b_vx[j]) * dt;
        py[j] = py[j] + (vy[j] + f->b_vy[j]) * dt;
        a[j] = a[j] + (w[j] + f->b_w[j]) * dt;
        f->b_vx[j] = f->b_vy[j] = f->b_w[j] = 0.0;
        v2 p1 = vv(px[j] + 0.0, py[j] + 0.0), d = vsub(p1, p0);
        for (int k = 0; k < WALLS; k++) {
            v2 wa = f->wall[k].ta, e = vsub(f->wall[k].tb, wa);
            double s0 = vcross(e, vsub(p0, wa)), s1 = vcross(e, vsub(p1, wa));
            if (!((s0 > 0 && s1 <= 0) || (s0 < 0 && s1 >= 0))) continue;
            double qa = vcross(d, vsub(wa, p0)), qb = vcross(d, vsub(f->wall[k].tb, p0));
            // A crossing: the native backend puts the box back at the time of impact (rare, left out).
            f->crossings += (qa <= 0 && qb >= 0) || (qa >= 0 && qb <= 0);
        }
    }
}

static void step_block(fling_floor *f, int64_t lo, int64_t hi, int role, double dt_coef, uint8_t stamp) {
    const int64_t n = hi - lo;
    integrate_positions(f, lo, hi);
    for (int64_t k = 0; k < n; k++) {
        f->cosv[k] = cos(f->a[lo + k]);
        f->sinv[k] = sin(f->a[lo + k]);
    }
    const int64_t off = role == 0 ? 0 : f->nd;
    if (!f->walls) {
        if (role == 0)
            for (int64_t k = 0; k < n; k++) {
                drag_pre_step(f, lo + k - off, lo + k, f->cosv[k], f->sinv[k]);
                update_velocity(f, lo + k);
                drag_cached(f, lo + k - off, lo + k, dt_coef);
            }
        else if (role == 1)
            for (int64_t k = 0; k < n; k++) {
                spring_pre_step(f, lo + k - off, lo + k, f->cosv[k], f->sinv[k]);
                update_velocity(f, lo + k);
            }
        else
            for (int64_t k = 0; k < n; k++) update_velocity(f, lo + k);
        if (role != 2) iterate_lanes(f, role, NULL, n, lo);
        return;
    }
    arbiter active[WALLS];
    int64_t lanes = 0;
    for (int64_t k = 0; k < n; k++) {
        int64_t j = lo + k;
        int touching = collide(f, j, f->cosv[k], f->sinv[k], stamp, active);
        if (touching) {
            contact_step(f, j, role, f->cosv[k], f->sinv[k], active, touching, dt_coef);
            continue;
        }
        if (role == 0) drag_pre_step(f, j - off, j, f->cosv[k], f->sinv[k]);
        if (role == 1) spring_pre_step(f, j - off, j, f->cosv[k], f->sinv[k]);
        update_velocity(f, j);
        if (role == 0) drag_cached(f, j - off, j, dt_coef);
        f->lanes[lanes++] = j;
    }
    if (role != 2) iterate_lanes(f, role, f->lanes, lanes, lo);
}

void fling_floor_tick(fling_floor *f) {
    const fling_floor_scene *sc = &f->sc;
    const double dt = sc->dt;
    const int64_t n = f->n, nd = f->nd, ns = f->ns, k = f->tick;
    // 1. Fingers.
    for (int64_t d = 0; d < nd; d++) {
        double fx = f->f_px[d], fy = f->f_py[d];
        double cx = f->cx[d] * f->rcx[d] - f->sx[d] * f->rsx[d], sx = f->sx[d] * f->rcx[d] + f->cx[d] * f->rsx[d];
        double cy = f->cy[d] * f->rcy[d] - f->sy[d] * f->rsy[d], sy = f->sy[d] * f->rcy[d] + f->cy[d] * f->rsy[d];
        f->cx[d] = cx; f->sx[d] = sx; f->cy[d] = cy; f->sy[d] = sy;
        double tx = f->start_x[d] + f->amp_x[d] * (sx - f->sin_x0[d]), ty = f->start_y[d] + f->amp_y[d] * sy;
        f->f_px[d] = 0.0 + tx;
        f->f_py[d] = 0.0 + ty;
        f->f_vx[d] = (tx - fx) / dt;
        f->f_vy[d] = (ty - fy) / dt;
    }
    // 2. The step, a block of each role at a time. dt / prev_dt: 0 on the first step.
    double dt_coef = f->dt_prev == 0.0 ? 0.0 : dt / f->dt_prev;
    uint8_t stamp = (uint8_t)(k + 1);
    int64_t ranges[3][2] = {{0, nd}, {nd, nd + ns}, {nd + ns, n}};
    for (int role = 0; role < 3; role++)
        for (int64_t lo = ranges[role][0]; lo < ranges[role][1]; lo += BLOCK) {
            int64_t hi = lo + BLOCK < ranges[role][1] ? lo + BLOCK : ranges[role][1];
            step_block(f, lo, hi, role, dt_coef, stamp);
        }
    f->dt_prev = dt;
    // 3. The states, in scene order.
    for (int64_t j = 0; j < n; j++) {
        double *o = f->out + 6 * f->index[j];
        o[0] = f->px[j]; o[1] = f->py[j]; o[2] = f->a[j]; o[3] = f->vx[j]; o[4] = f->vy[j]; o[5] = f->w[j];
    }
    // 4. Life cycle: falling tiles off the culling box respawned with a seeded toss.
    for (int64_t j = nd + ns; j < n; j++) {
        double x = f->px[j], y = f->py[j], r = f->cull[j];
        if (!(x + r < sc->cull_min_x || x - r > sc->cull_max_x || y + r < sc->cull_min_y || y - r > sc->cull_max_y))
            continue;
        int64_t i = f->index[j];
        rng g = rng_make(i, k, 0xFA11000000000002ull);
        f->px[j] = 0.0 + f->ox[j];
        f->py[j] = 0.0 + f->oy[j];
        f->a[j] = 0.0;
        f->vx[j] = rng_uniform(&g, -700, 700);
        f->vy[j] = rng_uniform(&g, -1400, 200);
        f->w[j] = rng_uniform(&g, -8, 8);
        new_world(f, j);
        f->respawns++;
    }
    //    Springing tiles due this tick: kicked, their springs made anew.
    for (int64_t j = nd; j < nd + ns; j++) {
        if (f->bucket[j] != k % sc->spring_period) continue;
        rng g = rng_make(f->index[j], k, 0x5B41000000000003ull);
        f->vx[j] = rng_uniform(&g, -1200, 1200);
        f->vy[j] = rng_uniform(&g, -1200, 1200);
        f->w[j] = rng_uniform(&g, -6, 6);
        new_springs(f, j);
    }
    //    Dragged tiles due this tick: grabbed again where the finger is.
    for (int64_t d = 0; d < nd; d++) {
        if (f->bucket[d] != k % sc->regrab_period) continue;
        double c = cos(f->a[d]), s = sin(f->a[d]);
        double dx = f->f_px[d] - f->px[d], dy = f->f_py[d] - f->py[d];
        f->anchor_x[d] = c * dx + s * dy;
        f->anchor_y[d] = -s * dx + c * dy;
        f->f_vx[d] = f->f_vy[d] = f->f_w[d] = 0.0;
        new_pivot(f, d);
    }
    f->tick = k + 1;
}
