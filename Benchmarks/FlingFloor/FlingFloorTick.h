// The floor's tick, included twice by FlingFloor.c: once for the baseline instruction set and
// once with AVX2 and FMA enabled (chosen at creation by what the CPU has). FN(x) names this
// copy's functions. Every loop marked "lanes" is meant for the compiler's vectorizer: flat
// arrays behind restrict pointers, no calls, selects instead of branches.

#define FN__(x, s) x##_##s
#define FN_(x, s) FN__(x, s)
#define FN(x) FN_(x, FLOOR_SUFFIX)
#ifndef FLOOR_LANES
// A loop over lanes: every iteration touches its own elements of distinct arrays (clang does not
// take restrict on local pointers as proof of that).
#define FLOOR_LANES _Pragma("clang loop vectorize(assume_safety)")
#endif

/// cos and sin of `a` (|a| < 2²⁰·π/2): Cody–Waite reduction by π/2 in three parts, fdlibm's
/// kernels (degree 13 and 14) on [−π/4, π/4], the quadrant by selects. About 1 ulp, as Fling's
/// portable cosSin; branch-free, so it runs in lanes.
static inline void FN(cossin)(double a, double *c, double *s) {
    const double inv_pio2 = 6.36619772367581382433e-01, pio2_1 = 1.57079632673412561417e+00,
                 pio2_2 = 6.07710050630396597660e-11, pio2_3 = 2.02226624879595063154e-21;
    double n = (a * inv_pio2 + 0x1.8p52) - 0x1.8p52;
    double r = ((a - n * pio2_1) - n * pio2_2) - n * pio2_3;
    double z = r * r;
    double ps = -1.66666666666666324348e-01 +
                z * (8.33333333332248946124e-03 +
                     z * (-1.98412698298579493134e-04 +
                          z * (2.75573137070700676789e-06 + z * (-2.50507602534068634195e-08 + z * 1.58969099521155010221e-10))));
    double sr = r + r * z * ps;
    double pc = z * (4.16666666666666019037e-02 +
                     z * (-1.38888888888741095749e-03 +
                          z * (2.48015872894767294178e-05 +
                               z * (-2.75573143513906633035e-07 + z * (2.08757232129817482790e-09 + z * -1.13596475577881948265e-11)))));
    double hz = 0.5 * z, w = 1.0 - hz;
    double cr = w + (((1.0 - w) - hz) + z * pc);
    int q = (int)n & 3;
    double s0 = (q & 1) ? cr : sr, c0 = (q & 1) ? sr : cr;
    *s = (q & 2) ? -s0 : s0;
    *c = ((q + 1) & 2) ? -c0 : c0;
}

static inline double FN(fmin)(double a, double b) { return a < b ? a : b; }
static inline double FN(fmax)(double a, double b) { return a > b ? a : b; }

/// The cell of the noise memo for (i, j, k), filled when it holds another (the same lattice,
/// hash and corner values as ValueNoise; one field, so the seeds are fixed).
static inline int FN(noise_slot)(fling_floor *f, int64_t i, int64_t j, int64_t k) {
    uint64_t h = (uint64_t)i * 0x9E3779B97F4A7C15ull + (uint64_t)j * 0xC2B2AE3D27D4EB4Full + (uint64_t)k * 0x165667B19E3779F9ull;
    int slot = (int)(h >> 56);
    noise_cell *cell = f->noise + slot;
    if (cell->i != i || cell->j != j || cell->k != k) {
        uint64_t seed0 = f->sc.field_seed, seed1 = seed0 ^ 0x5DEECE66D1CE4E5Bull;
        cell->i = i; cell->j = j; cell->k = k;
        for (int c = 0; c < 8; c++) {
            uint64_t ii = (uint64_t)(i + (c & 1)), jj = (uint64_t)(j + ((c >> 1) & 1)), kk = (uint64_t)(k + (c >> 2));
            uint64_t inner = floor_mix(ii * 0xD1B54A32D192ED03ull ^ jj * 0xABC98388FB8FAC03ull ^ kk * 0x8CB92BA72F3D8DD7ull);
            cell->c0[c] = (double)(floor_mix(seed0 ^ inner) >> 11) * 0x1p-52 - 1;
            cell->c1[c] = (double)(floor_mix(seed1 ^ inner) >> 11) * 0x1p-52 - 1;
        }
    }
    return slot;
}

static inline int64_t FN(split)(double x, double *frac) {
    int64_t t = (int64_t)x, i = t - ((double)t > x ? 1 : 0);
    *frac = x - (double)i;
    return i;
}

/// The field's force on tiles [lo, lo + n): both channels of the value noise at each tile's
/// position and clock (cell found in the memo and its corners copied out, scalar; the blend in
/// lanes), times the strength.
static void FN(field)(fling_floor *f, int64_t lo, int64_t n) {
    const fling_floor_scene *s = &f->sc;
    const double *restrict px = f->px + lo, *restrict py = f->py + lo, *restrict time = f->field_time + lo;
    double *restrict fx = f->fx, *restrict fy = f->fy, *restrict sx = f->sx_, *restrict sy = f->sy_, *restrict sz = f->sz_;
    int *restrict slot = f->slot;
    double *restrict corners = f->corners;
    const double reach = 1e12, inv = s->field_cell_inverse, rate = s->field_rate;
    for (int64_t k = 0; k < n; k++) {
        double dx = px[k] - s->field_x, dy = py[k] - s->field_y;
        dx = dx > reach ? reach : (dx < -reach ? -reach : dx);
        dy = dy > reach ? reach : (dy < -reach ? -reach : dy);
        double ffx, ffy, ffz;
        int64_t i = FN(split)(dx * inv, &ffx), j = FN(split)(dy * inv, &ffy), kk = FN(split)(time[k] * rate, &ffz);
        slot[k] = FN(noise_slot)(f, i, j, kk);
        const noise_cell *cell = f->noise + slot[k];
        for (int c = 0; c < 8; c++) {
            corners[c * BLOCK + k] = cell->c0[c];
            corners[(8 + c) * BLOCK + k] = cell->c1[c];
        }
        sx[k] = ffx; sy[k] = ffy; sz[k] = ffz;
    }
    const double strength = s->field_strength;
    FLOOR_LANES
    for (int64_t k = 0; k < n; k++) {  // lanes
        double ax = sx[k], ay = sy[k], az = sz[k];
        double wx = ax * ax * (3 - 2 * ax), wy = ay * ay * (3 - 2 * ay), wz = az * az * (3 - 2 * az);
#define C0(c) corners[(c) * BLOCK + k]
#define C1(c) corners[(8 + (c)) * BLOCK + k]
#define EDGE(a, b) ((a) + ((b) - (a)) * wx)
#define FACE(e0, e1) ((e0) + ((e1) - (e0)) * wy)
        double a0 = FACE(EDGE(C0(0), C0(1)), EDGE(C0(2), C0(3))), b0 = FACE(EDGE(C0(4), C0(5)), EDGE(C0(6), C0(7)));
        double a1 = FACE(EDGE(C1(0), C1(1)), EDGE(C1(2), C1(3))), b1 = FACE(EDGE(C1(4), C1(5)), EDGE(C1(6), C1(7)));
#undef C0
#undef C1
#undef EDGE
#undef FACE
        fx[k] = (a0 + (b0 - a0) * wz) * strength;
        fy[k] = (a1 + (b1 - a1) * wz) * strength;
    }
}

/// Positions, the new angles' cos and sin, and with walls the bias velocity (then cleared),
/// the centre's path against the four edge lines (crossings counted: the put-back is rare and
/// left out, as the native backend keeps it out of line), the sweep's lift test (WallSweep.mayLift,
/// which the native step runs for every world with walls, every step: the box's overlap with
/// each edge's slab, on the side its centre came from, past the margin by more than half its
/// reach along the edge's normal, and at least 1 pt; the boxes it finds deep are counted, and
/// the rare lift itself is left out like the put-back), and which boxes come near an edge.
static void FN(positions)(fling_floor *f, int64_t lo, int64_t n) {
    const double dt = f->sc.dt;
    double *restrict px = f->px + lo, *restrict py = f->py + lo, *restrict a = f->a + lo;
    const double *restrict vx = f->vx + lo, *restrict vy = f->vy + lo, *restrict w = f->w + lo;
    double *restrict cv = f->cosv, *restrict sv = f->sinv;
    if (!f->walls) {
        FLOOR_LANES
        for (int64_t k = 0; k < n; k++) {  // lanes
            px[k] += vx[k] * dt;
            py[k] += vy[k] * dt;
            a[k] += w[k] * dt;
            FN(cossin)(a[k], cv + k, sv + k);
        }
        return;
    }
    double *restrict bvx = f->b_vx + lo, *restrict bvy = f->b_vy + lo, *restrict bw = f->b_w + lo;
    const double *restrict hw = f->half_w + lo, *restrict hh = f->half_h + lo;
    unsigned char *restrict near = f->near;
    const double r = f->sc.wall_radius;
    const double x0 = f->sc.viewport_min_x, x1 = f->sc.viewport_max_x, y0 = f->sc.viewport_min_y, y1 = f->sc.viewport_max_y;
    const double margin = f->sc.slop / 2, lift_test = (f->plant & FLING_FLOOR_PLANT_LIFT_TEST) ? 0.0 : 1.0;
    int64_t crossings = 0, lifts = 0;
    FLOOR_LANES
    for (int64_t k = 0; k < n; k++) {  // lanes
        double ox = px[k], oy = py[k];
        double nx = ox + (vx[k] + bvx[k]) * dt, ny = oy + (vy[k] + bvy[k]) * dt;
        px[k] = nx; py[k] = ny;
        a[k] += (w[k] + bw[k]) * dt;
        bvx[k] = 0.0; bvy[k] = 0.0; bw[k] = 0.0;
        crossings += ((ox - x0) * (nx - x0) < 0) + ((ox - x1) * (nx - x1) < 0) + ((oy - y0) * (ny - y0) < 0) + ((oy - y1) * (ny - y1) < 0);
        double c, s;
        FN(cossin)(a[k], &c, &s);
        cv[k] = c; sv[k] = s;
        double ac = c < 0 ? -c : c, as = s < 0 ? -s : s;
        double ex = ac * hw[k] + as * hh[k], ey = as * hw[k] + ac * hh[k];
        near[k] = (unsigned char)((nx - ex <= x0 + r) | (nx + ex >= x1 - r) | (ny - ey <= y0 + r) | (ny + ey >= y1 - r));
        // The lift test: each edge's distance to the centre on the side the centre came from,
        // against the reach less the depth that counts as deep (max(reach / 2, 1) past the margin).
        double dl = nx - x0, dr = x1 - nx, dt_ = ny - y0, db = y1 - ny;
        dl = ox - x0 < 0 ? -dl : dl;
        dr = x1 - ox < 0 ? -dr : dr;
        dt_ = oy - y0 < 0 ? -dt_ : dt_;
        db = y1 - oy < 0 ? -db : db;
        double lx = ex + r - margin - FN(fmax)(ex * 0.5, 1.0), ly = ey + r - margin - FN(fmax)(ey * 0.5, 1.0);
        lifts += ((dl < lx) | (dr < lx) | (dt_ < ly) | (db < ly)) & (lift_test != 0.0);
    }
    f->crossings += crossings;
    f->lifts += lifts;
}

/// Joint pre-steps, the velocity update (gravity, damping, the field's force with walls) and
/// the pivot's cached impulse, for tiles [lo, lo + n) of one role: lanes.
static void FN(pre_step)(fling_floor *f, int role, int64_t lo, int64_t n, double dt_coef) {
    const double dt = f->sc.dt, damping = f->damping_pow, gx = f->sc.gravity_x * dt, gy = f->sc.gravity_y * dt;
    double *restrict vx = f->vx + lo, *restrict vy = f->vy + lo, *restrict w = f->w + lo;
    const double *restrict px = f->px + lo, *restrict py = f->py + lo, *restrict a = f->a + lo;
    const double *restrict m_inv = f->m_inv + lo, *restrict i_inv = f->i_inv + lo;
    const double *restrict cv = f->cosv, *restrict sv = f->sinv;
    // The field's force (zero in open space, where nothing writes it).
    const double *restrict fx = f->fx, *restrict fy = f->fy;
    if (f->walls) {
        double *restrict time = f->field_time + lo;
        for (int64_t k = 0; k < n; k++) time[k] += dt;
    }
    if (role == 0) {
        const int64_t d0 = lo;
        const double *restrict ax = f->anchor_x + d0, *restrict ay = f->anchor_y + d0, *restrict fpx = f->f_px + d0,
                               *restrict fpy = f->f_py + d0;
        double *restrict r2x = f->r2x + d0, *restrict r2y = f->r2y + d0, *restrict ka = f->ka + d0, *restrict kb = f->kb + d0,
                         *restrict kd = f->kd + d0, *restrict bx = f->bias_x + d0, *restrict by = f->bias_y + d0;
        const double *restrict jx = f->jx + d0, *restrict jy = f->jy + d0;
        const double coef = f->pivot_bias_coef;
        FLOOR_LANES
        for (int64_t k = 0; k < n; k++) {  // lanes
            double c = cv[k], s = sv[k], mi = m_inv[k], ii = i_inv[k];
            double rx = c * ax[k] - s * ay[k], ry = s * ax[k] + c * ay[k];
            // K = m⁻¹·1 + I⁻¹·[ry², −rx·ry; −rx·ry, rx²] (the finger has no mass), inverted.
            double k11 = mi + ii * ry * ry, k12 = -ii * rx * ry, k22 = mi + ii * rx * rx;
            double det_inv = 1.0 / (k11 * k22 - k12 * k12);
            ka[k] = k22 * det_inv; kb[k] = -k12 * det_inv; kd[k] = k11 * det_inv;
            r2x[k] = rx; r2y[k] = ry;
            bx[k] = ((px[k] + rx) - fpx[k]) * coef;
            by[k] = ((py[k] + ry) - fpy[k]) * coef;
            double fxk = fx[k], fyk = fy[k];
            double nvx = vx[k] * damping + gx + fxk * mi * dt, nvy = vy[k] * damping + gy + fyk * mi * dt;
            double nw = w[k] * damping;
            double cx = jx[k] * dt_coef, cy = jy[k] * dt_coef;
            vx[k] = nvx + cx * mi;
            vy[k] = nvy + cy * mi;
            w[k] = nw + ii * (rx * cy - ry * cx);
        }
    } else if (role == 1) {
        const int64_t s0 = lo - f->nd;
        const double *restrict ox = f->ox + lo, *restrict oy = f->oy + lo, *restrict stiff = f->stiff + s0,
                               *restrict ang = f->ang_stiff + s0;
        double *restrict snx = f->s_nx + s0, *restrict sny = f->s_ny + s0;
        FLOOR_LANES
        for (int64_t k = 0; k < n; k++) {  // lanes
            double mi = m_inv[k], ii = i_inv[k];
            // The damped spring from the home point to the tile's centre (its anchor on the tile
            // is the centre, so r2 = 0 and its effective mass is the tile's mass).
            double dx = px[k] - ox[k], dy = py[k] - oy[k];
            double dist = floor_sqrt(dx * dx + dy * dy);
            double inv = 1.0 / (dist != 0.0 ? dist : INFINITY);
            double nx = dx * inv, ny = dy * inv;
            snx[k] = nx; sny[k] = ny;
            double j = -dist * stiff[k] * dt;
            // The rotary spring toward angle 0.
            double jr = -a[k] * ang[k] * dt;
            double fxk = fx[k], fyk = fy[k];
            vx[k] = (vx[k] + nx * j * mi) * damping + gx + fxk * mi * dt;
            vy[k] = (vy[k] + ny * j * mi) * damping + gy + fyk * mi * dt;
            w[k] = (w[k] + jr * ii) * damping;
        }
    } else {
        FLOOR_LANES
        for (int64_t k = 0; k < n; k++) {  // lanes
            double mi = m_inv[k];
            double fxk = fx[k], fyk = fy[k];
            vx[k] = vx[k] * damping + gx + fxk * mi * dt;
            vy[k] = vy[k] * damping + gy + fyk * mi * dt;
            w[k] = w[k] * damping;
        }
    }
}

/// `iterations` rounds of the pivots of tiles [lo, lo + n) in place: lanes. A tile whose
/// `live` is 0 (solved with its contacts) is left as it is.
static void FN(drag_iterate)(fling_floor *f, int64_t lo, int64_t n, const double *restrict live) {
    const int iterations = f->sc.iterations;
    double *restrict vx = f->vx + lo, *restrict vy = f->vy + lo, *restrict w = f->w + lo;
    const double *restrict m_inv = f->m_inv + lo, *restrict i_inv = f->i_inv + lo;
    const double *restrict fvx = f->f_vx + lo, *restrict fvy = f->f_vy + lo, *restrict r2x = f->r2x + lo,
                           *restrict r2y = f->r2y + lo, *restrict ka = f->ka + lo, *restrict kb = f->kb + lo,
                           *restrict kd = f->kd + lo, *restrict bx = f->bias_x + lo, *restrict by = f->bias_y + lo,
                           *restrict len = f->max_impulse + lo;
    double *restrict jx = f->jx + lo, *restrict jy = f->jy + lo;
    for (int it = 0; it < iterations; it++)
        FLOOR_LANES
        for (int64_t k = 0; k < n; k++) {  // lanes
            double vrx = (vx[k] - r2y[k] * w[k]) - fvx[k], vry = (vy[k] + r2x[k] * w[k]) - fvy[k];
            double ex = bx[k] - vrx, ey = by[k] - vry;
            double ox = jx[k], oy = jy[k];
            double x = ox + (ex * ka[k] + ey * kb[k]), y = oy + (ex * kb[k] + ey * kd[k]);
            // The accumulated impulse clamped to maxForce·dt (a square root in every lane:
            // cheaper in lanes than a branch on whether any lane needs it).
            double dot = x * x + y * y, l = len[k];
            double scale = dot > l * l ? l / floor_sqrt(dot) : 1.0;
            double dx = (x * scale - ox) * live[k], dy = (y * scale - oy) * live[k];
            x = ox + dx; y = oy + dy;
            jx[k] = x; jy[k] = y;
            vx[k] += dx * m_inv[k];
            vy[k] += dy * m_inv[k];
            w[k] += i_inv[k] * (r2x[k] * dy - r2y[k] * dx);
        }
}

/// `iterations` rounds of the springs' damping (the spring along its axis, then the rotary
/// spring) of tiles [lo, lo + n) in place: lanes. Tiles whose `live` is 0 are left as they are.
static void FN(spring_iterate)(fling_floor *f, int64_t lo, int64_t n, const double *restrict live) {
    const int iterations = f->sc.iterations;
    const int64_t s0 = lo - f->nd;
    double *restrict vx = f->vx + lo, *restrict vy = f->vy + lo, *restrict w = f->w + lo;
    const double *restrict nx = f->s_nx + s0, *restrict ny = f->s_ny + s0, *restrict v_coef = f->v_coef + s0,
                           *restrict w_coef = f->w_coef + s0;
    double *restrict tv = f->target_vrn + s0, *restrict tw = f->target_wrn + s0;
    for (int64_t k = 0; k < n; k++) { tv[k] = 0.0; tw[k] = 0.0; }
    for (int it = 0; it < iterations; it++)
        FLOOR_LANES
        for (int64_t k = 0; k < n; k++) {  // lanes
            double vrn = vx[k] * nx[k] + vy[k] * ny[k];
            double v_damp = (tv[k] - vrn) * v_coef[k] * live[k];
            double wrn = -w[k], w_damp = (tw[k] - wrn) * w_coef[k] * live[k];
            tv[k] = vrn + v_damp;
            tw[k] = wrn + w_damp;
            vx[k] += nx[k] * v_damp;
            vy[k] += ny[k] * v_damp;
            w[k] -= w_damp;
        }
}

/// The contacts of tile j's box with the edges it comes near: for an axis-aligned edge, the
/// box's corners past the edge's surface (its line moved in by the radius), the two deepest at
/// most, depth = how far past. Into lane l's slots from `slot`; returns the new slot count.
static inline int FN(corners_past)(fling_floor *f, int64_t j, double c, double s, int64_t l, int slot) {
    lanes *L = f->lanes;
    const double hw = f->half_w[j], hh = f->half_h[j], px = f->px[j], py = f->py[j], r = f->sc.wall_radius;
    // Corner offsets from the centre, corners (+,−), (+,+), (−,+), (−,−) in tile axes.
    double cx[4], cy[4];
    for (int q = 0; q < 4; q++) {
        double lx = (q == 0 || q == 1) ? hw : -hw, ly = (q == 1 || q == 2) ? hh : -hh;
        cx[q] = c * lx - s * ly;
        cy[q] = s * lx + c * ly;
    }
    // The edges: top (y = min_y, normal +y), right (x = max_x, −x), bottom (y = max_y, −y),
    // left (x = min_x, +x); the surface is the line moved inward by r.
    const double surf[4] = {f->sc.viewport_min_y + r, -(f->sc.viewport_max_x - r), -(f->sc.viewport_max_y - r),
                            f->sc.viewport_min_x + r};
    const double enx[4] = {0, -1, 0, 1}, eny[4] = {1, 0, -1, 0};
    for (int e = 0; e < 4; e++) {
        double depth[4];
        int deepest = 0;
        for (int q = 0; q < 4; q++) {
            // Signed distance of the corner from the surface along the inward normal.
            depth[q] = (px + cx[q]) * enx[e] + (py + cy[q]) * eny[e] - surf[e];
            if (depth[q] < depth[deepest]) deepest = q;
        }
        if (depth[deepest] > 0.0) continue;
        int n1 = (deepest + 1) & 3, n3 = (deepest + 3) & 3, second = depth[n1] < depth[n3] ? n1 : n3;
        int pick[2] = {deepest, second};
        for (int p = 0; p < 2 && slot < MAXC; p++) {
            int q = pick[p];
            if (p == 1 && depth[q] > 0.0) break;
            contact_slots *C = &L->c[slot++];
            C->nx[l] = enx[e]; C->ny[l] = eny[e];
            C->r2x[l] = cx[q]; C->r2y[l] = cy[q];
            C->dist[l] = depth[q];
            C->key[l] = (int8_t)(e * 4 + q);
        }
    }
    return slot;
}

/// The tiles of [lo, lo + n) whose box touches an edge, solved in lanes: gathered, their
/// contacts made and pre-stepped, the cached impulses applied, `iterations` rounds of every
/// contact slot then the joint, all lanes in lockstep (an empty slot has zero masses, so its
/// impulses are zero), and scattered back. Called after the velocity update; `v0x` etc. hold
/// the lanes' velocities from before it (the bounce is taken from those, as Chipmunk does).
static void FN(contacts)(fling_floor *f, int role, int64_t lo, int64_t m, double dt_coef) {
    lanes *L = f->lanes;
    const double dt = f->sc.dt, e = f->sc.wall_elasticity * f->sc.box_elasticity, u = f->sc.wall_friction * f->sc.box_friction;
    const double bias_coef = f->bias_coef_contacts, slop = f->sc.slop;
    int slots = L->slots;
    f->touching += m;
    // Pre-step and cached impulses, slot by slot: lanes.
    for (int q = 0; q < slots; q++) {
        contact_slots *C = &L->c[q];
        double *restrict vx = L->vx, *restrict vy = L->vy, *restrict w = L->w;
        const double *restrict m_inv = L->m_inv, *restrict i_inv = L->i_inv, *restrict v0x = L->v0x, *restrict v0y = L->v0y,
                               *restrict w0 = L->w0, *restrict nxa = C->nx, *restrict nya = C->ny, *restrict r2x = C->r2x,
                               *restrict r2y = C->r2y, *restrict dist = C->dist;
        const int8_t *restrict key = C->key;
        double *restrict n_mass = C->n_mass, *restrict t_mass = C->t_mass, *restrict bias = C->bias, *restrict bounce = C->bounce,
                         *restrict jba = C->jb, *restrict jna = C->jn, *restrict jta = C->jt;
        FLOOR_LANES
        for (int64_t l = 0; l < m; l++) {
            double mi = m_inv[l], ii = i_inv[l], nx = nxa[l], ny = nya[l], rx = r2x[l], ry = r2y[l];
            double live = key[l] >= 0 ? 1.0 : 0.0;
            double rcn = rx * ny - ry * nx, rct = rx * nx + ry * ny;
            n_mass[l] = live / (mi + ii * rcn * rcn);
            t_mass[l] = live / (mi + ii * rct * rct);
            bias[l] = -bias_coef * FN(fmin)(0.0, dist[l] + slop) / dt * live;
            double vrn = (v0x[l] - ry * w0[l]) * nx + (v0y[l] + rx * w0[l]) * ny;
            bounce[l] = vrn * e * live;
            jba[l] = 0.0;
            double jn = jna[l] * dt_coef * live, jt = jta[l] * dt_coef * live;
            jna[l] = jn; jta[l] = jt;
            double jx = nx * jn - ny * jt, jy = nx * jt + ny * jn;
            vx[l] += jx * mi;
            vy[l] += jy * mi;
            w[l] += ii * (rx * jy - ry * jx);
        }
    }
    double *restrict vx = L->vx, *restrict vy = L->vy, *restrict w = L->w, *restrict bvx = L->bvx, *restrict bvy = L->bvy,
                     *restrict bw = L->bw;
    const double *restrict m_inv = L->m_inv, *restrict i_inv = L->i_inv;
    for (int64_t l = 0; l < m; l++) { bvx[l] = 0.0; bvy[l] = 0.0; bw[l] = 0.0; }
    for (int it = 0; it < f->sc.iterations; it++) {
        for (int q = 0; q < slots; q++) {
            contact_slots *C = &L->c[q];
            const double *restrict nxa = C->nx, *restrict nya = C->ny, *restrict r2x = C->r2x, *restrict r2y = C->r2y,
                                   *restrict n_mass = C->n_mass, *restrict t_mass = C->t_mass, *restrict bias = C->bias,
                                   *restrict bounce = C->bounce;
            double *restrict jna = C->jn, *restrict jta = C->jt, *restrict jba = C->jb;
            FLOOR_LANES
            for (int64_t l = 0; l < m; l++) {  // lanes
                double nx = nxa[l], ny = nya[l], rx = r2x[l], ry = r2y[l], mi = m_inv[l], ii = i_inv[l];
                double vbn = (bvx[l] - ry * bw[l]) * nx + (bvy[l] + rx * bw[l]) * ny;
                double vrx = vx[l] - ry * w[l], vry = vy[l] + rx * w[l];
                double vrn = vrx * nx + vry * ny, vrt = vry * nx - vrx * ny;
                double jb_old = jba[l], jb = FN(fmax)(jb_old + (bias[l] - vbn) * n_mass[l], 0.0);
                double jn_old = jna[l], jn = FN(fmax)(jn_old - (bounce[l] + vrn) * n_mass[l], 0.0);
                double jt_max = u * jn, jt_old = jta[l], jt = FN(fmin)(FN(fmax)(jt_old - vrt * t_mass[l], -jt_max), jt_max);
                jba[l] = jb; jna[l] = jn; jta[l] = jt;
                double db = jb - jb_old, bjx = nx * db, bjy = ny * db;
                bvx[l] += bjx * mi;
                bvy[l] += bjy * mi;
                bw[l] += ii * (rx * bjy - ry * bjx);
                double djn = jn - jn_old, djt = jt - jt_old;
                double jx = nx * djn - ny * djt, jy = nx * djt + ny * djn;
                vx[l] += jx * mi;
                vy[l] += jy * mi;
                w[l] += ii * (rx * jy - ry * jx);
            }
        }
        if (role == 0) {
            const double *restrict fvx = L->fvx, *restrict fvy = L->fvy, *restrict r2x = L->r2x, *restrict r2y = L->r2y,
                                   *restrict ka = L->ka, *restrict kb = L->kb, *restrict kd = L->kd, *restrict bx = L->bx,
                                   *restrict by = L->by, *restrict len = L->len;
            double *restrict jx = L->jx, *restrict jy = L->jy;
            FLOOR_LANES
            for (int64_t l = 0; l < m; l++) {  // lanes
                double vrx = (vx[l] - r2y[l] * w[l]) - fvx[l], vry = (vy[l] + r2x[l] * w[l]) - fvy[l];
                double ex = bx[l] - vrx, ey = by[l] - vry, ox = jx[l], oy = jy[l];
                double x = ox + (ex * ka[l] + ey * kb[l]), y = oy + (ex * kb[l] + ey * kd[l]);
                double dot = x * x + y * y, ln = len[l], scale = dot > ln * ln ? ln / floor_sqrt(dot) : 1.0;
                x *= scale; y *= scale;
                double dx = x - ox, dy = y - oy;
                jx[l] = x; jy[l] = y;
                vx[l] += dx * m_inv[l];
                vy[l] += dy * m_inv[l];
                w[l] += i_inv[l] * (r2x[l] * dy - r2y[l] * dx);
            }
        } else if (role == 1) {
            const double *restrict nx = L->snx, *restrict ny = L->sny, *restrict vc = L->v_coef, *restrict wc = L->w_coef;
            double *restrict tv = L->tv, *restrict tw = L->tw;
            FLOOR_LANES
            for (int64_t l = 0; l < m; l++) {  // lanes
                double vrn = vx[l] * nx[l] + vy[l] * ny[l], v_damp = (tv[l] - vrn) * vc[l];
                double wrn = -w[l], w_damp = (tw[l] - wrn) * wc[l];
                tv[l] = vrn + v_damp;
                tw[l] = wrn + w_damp;
                vx[l] += nx[l] * v_damp;
                vy[l] += ny[l] * v_damp;
                w[l] -= w_damp;
            }
        }
    }
    (void)lo;
}

static void FN(step_block)(fling_floor *f, int64_t lo, int64_t n, int role, double dt_coef) {
    FN(positions)(f, lo, n);
    if (!f->walls) {
        FN(pre_step)(f, role, lo, n, dt_coef);
        if (role == 0) FN(drag_iterate)(f, lo, n, f->ones);
        if (role == 1) FN(spring_iterate)(f, lo, n, f->ones);
        return;
    }
    // The boxes near an edge: their contacts (scalar, a few compares a corner), into lanes.
    lanes *L = f->lanes;
    int64_t m = 0;
    int slots = 0;
    double *restrict live = f->live;
    for (int64_t k = 0; k < n; k++) {
        int64_t j = lo + k;
        live[k] = 1.0;
        if (!f->near[k] || (f->plant & FLING_FLOOR_PLANT_CONTACTS)) { f->rec_count[j] = 0; continue; }
        int count = FN(corners_past)(f, j, f->cosv[k], f->sinv[k], m, 0);
        if (!count) { f->rec_count[j] = 0; continue; }
        live[k] = 0.0;
        for (int q = count; q < MAXC; q++) L->c[q].key[m] = -1;
        // Warm start: the impulses of last step's contact with the same edge and corner.
        const int8_t *rk = f->rec_key + MAXC * j;
        const double *rjn = f->rec_jn + MAXC * j, *rjt = f->rec_jt + MAXC * j;
        int old = f->rec_count[j];
        for (int q = 0; q < count; q++) {
            double jn = 0.0, jt = 0.0;
            for (int o = 0; o < old; o++)
                if (rk[o] == L->c[q].key[m]) { jn = rjn[o]; jt = rjt[o]; }
            L->c[q].jn[m] = jn; L->c[q].jt[m] = jt;
        }
        f->rec_count[j] = (int8_t)count;
        f->contacts += count;
        slots = count > slots ? count : slots;
        L->tile[m] = k;
        L->v0x[m] = f->vx[j]; L->v0y[m] = f->vy[j]; L->w0[m] = f->w[j];
        m++;
    }
    L->slots = slots;
    if (f->plant & FLING_FLOOR_PLANT_NOISE) {
        for (int64_t k = 0; k < n; k++) f->fx[k] = f->fy[k] = 0.0;
    } else {
        FN(field)(f, lo, n);
    }
    FN(pre_step)(f, role, lo, n, dt_coef);
    // The tiles that touch nothing: the joint's iterations in place (the touching ones skipped).
    if (role == 0) FN(drag_iterate)(f, lo, n, m ? f->live : f->ones);
    if (role == 1) FN(spring_iterate)(f, lo, n, m ? f->live : f->ones);
    if (!m) return;
    // Gather the touching tiles' state into the lanes.
    const int64_t s0 = lo - f->nd;
    for (int64_t l = 0; l < m; l++) {
        int64_t k = L->tile[l], j = lo + k;
        L->vx[l] = f->vx[j]; L->vy[l] = f->vy[j]; L->w[l] = f->w[j];
        L->m_inv[l] = f->m_inv[j]; L->i_inv[l] = f->i_inv[j];
        if (role == 0) {
            L->fvx[l] = f->f_vx[j]; L->fvy[l] = f->f_vy[j]; L->r2x[l] = f->r2x[j]; L->r2y[l] = f->r2y[j];
            L->ka[l] = f->ka[j]; L->kb[l] = f->kb[j]; L->kd[l] = f->kd[j];
            L->bx[l] = f->bias_x[j]; L->by[l] = f->bias_y[j]; L->jx[l] = f->jx[j]; L->jy[l] = f->jy[j];
            L->len[l] = f->max_impulse[j];
        } else if (role == 1) {
            int64_t s = s0 + k;
            L->snx[l] = f->s_nx[s]; L->sny[l] = f->s_ny[s]; L->v_coef[l] = f->v_coef[s]; L->w_coef[l] = f->w_coef[s];
            L->tv[l] = 0.0; L->tw[l] = 0.0;
        }
    }
    FN(contacts)(f, role, lo, m, dt_coef);
    // Scatter back: velocities, bias velocities, the joint's impulses, the contacts' impulses.
    for (int64_t l = 0; l < m; l++) {
        int64_t k = L->tile[l], j = lo + k;
        f->vx[j] = L->vx[l]; f->vy[j] = L->vy[l]; f->w[j] = L->w[l];
        f->b_vx[j] = L->bvx[l]; f->b_vy[j] = L->bvy[l]; f->b_w[j] = L->bw[l];
        if (role == 0) { f->jx[j] = L->jx[l]; f->jy[j] = L->jy[l]; }
        int count = f->rec_count[j];
        for (int q = 0; q < count; q++) {
            f->rec_key[MAXC * j + q] = L->c[q].key[l];
            f->rec_jn[MAXC * j + q] = L->c[q].jn[l];
            f->rec_jt[MAXC * j + q] = L->c[q].jt[l];
        }
    }
}

static void FN(tick)(fling_floor *f) {
    const fling_floor_scene *sc = &f->sc;
    const double dt = sc->dt;
    const int64_t n = f->n, nd = f->nd, ns = f->ns, k = f->tick;
    // 1. Fingers along their Lissajous paths (a fixed rotation of two (cos, sin) pairs): lanes.
    {
        double *restrict fpx = f->f_px, *restrict fpy = f->f_py, *restrict fvx = f->f_vx, *restrict fvy = f->f_vy;
        double *restrict cx = f->cx, *restrict sx = f->sx, *restrict cy = f->cy, *restrict sy = f->sy;
        const double *restrict rcx = f->rcx, *restrict rsx = f->rsx, *restrict rcy = f->rcy, *restrict rsy = f->rsy,
                               *restrict stx = f->start_x, *restrict sty = f->start_y, *restrict amx = f->amp_x,
                               *restrict amy = f->amp_y, *restrict sx0 = f->sin_x0;
        FLOOR_LANES
        for (int64_t d = 0; d < nd; d++) {
            double ncx = cx[d] * rcx[d] - sx[d] * rsx[d], nsx = sx[d] * rcx[d] + cx[d] * rsx[d];
            double ncy = cy[d] * rcy[d] - sy[d] * rsy[d], nsy = sy[d] * rcy[d] + cy[d] * rsy[d];
            cx[d] = ncx; sx[d] = nsx; cy[d] = ncy; sy[d] = nsy;
            double tx = stx[d] + amx[d] * (nsx - sx0[d]), ty = sty[d] + amy[d] * nsy;
            fvx[d] = (tx - fpx[d]) / dt;
            fvy[d] = (ty - fpy[d]) / dt;
            fpx[d] = tx;
            fpy[d] = ty;
        }
    }
    // 2. The step, a block of each role at a time. dt / prev_dt: 0 on the first step.
    double dt_coef = f->dt_prev == 0.0 ? 0.0 : dt / f->dt_prev;
    int64_t ranges[3][2] = {{0, nd}, {nd, nd + ns}, {nd + ns, n}};
    for (int role = 0; role < 3; role++)
        for (int64_t lo = ranges[role][0]; lo < ranges[role][1]; lo += BLOCK) {
            int64_t hi = lo + BLOCK < ranges[role][1] ? lo + BLOCK : ranges[role][1];
            FN(step_block)(f, lo, hi - lo, role, dt_coef);
        }
    f->dt_prev = dt;
    // 3. The states, in scene order (tile 3i + role is the i-th of its role).
    {
        const double *restrict px = f->px, *restrict py = f->py, *restrict a = f->a, *restrict vx = f->vx,
                               *restrict vy = f->vy, *restrict w = f->w;
        double *restrict out = f->out;
        for (int role = 0; role < 3; role++)
            for (int64_t j = ranges[role][0], i = role; j < ranges[role][1]; j++, i += 3) {
                double *o = out + 6 * i;
                o[0] = px[j]; o[1] = py[j]; o[2] = a[j]; o[3] = vx[j]; o[4] = vy[j]; o[5] = w[j];
            }
    }
    // 4. Life cycle: falling tiles off the culling box respawned with a seeded toss.
    for (int64_t j = nd + ns; j < n; j++) {
        double x = f->px[j], y = f->py[j], r = f->cull[j];
        if (!(x + r < sc->cull_min_x || x - r > sc->cull_max_x || y + r < sc->cull_min_y || y - r > sc->cull_max_y))
            continue;
        uint64_t g = floor_rng(3 * (j - nd - ns) + 2, k, 0xFA11000000000002ull);
        f->px[j] = f->ox[j];
        f->py[j] = f->oy[j];
        f->a[j] = 0.0;
        f->vx[j] = floor_uniform(&g, -700, 700);
        f->vy[j] = floor_uniform(&g, -1400, 200);
        f->w[j] = floor_uniform(&g, -8, 8);
        floor_new_world(f, j);
        f->respawns++;
    }
    //    Springing tiles due this tick (their bucket's list): kicked, their springs anew.
    {
        int64_t b = k % sc->spring_period;
        for (int64_t e = f->spring_start[b]; e < f->spring_start[b + 1]; e++) {
            int64_t j = f->spring_list[e];
            uint64_t g = floor_rng(3 * (j - nd) + 1, k, 0x5B41000000000003ull);
            f->vx[j] = floor_uniform(&g, -1200, 1200);
            f->vy[j] = floor_uniform(&g, -1200, 1200);
            f->w[j] = floor_uniform(&g, -6, 6);
        }
    }
    //    Dragged tiles due this tick: grabbed again where the finger is.
    {
        int64_t b = k % sc->regrab_period;
        for (int64_t e = f->regrab_start[b]; e < f->regrab_start[b + 1]; e++) {
            int64_t d = f->regrab_list[e];
            double c, s;
            FN(cossin)(f->a[d], &c, &s);
            double dx = f->f_px[d] - f->px[d], dy = f->f_py[d] - f->py[d];
            f->anchor_x[d] = c * dx + s * dy;
            f->anchor_y[d] = -s * dx + c * dy;
            f->f_vx[d] = f->f_vy[d] = 0.0;
            f->jx[d] = f->jy[d] = 0.0;
        }
    }
    f->tick = k + 1;
}

#undef FN
#undef FN_
#undef FN__
