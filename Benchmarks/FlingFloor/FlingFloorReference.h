// The floor's scalar reference, included by FlingFloor.c after each copy of the tick, with the
// same FLOOR_SUFFIX (so compiled for the same instruction set, and clang fuses the same
// multiply-adds). It is the tick written plainly: one tile at a time, the whole step of one
// tile before the next, over an array of structures, each expression the floor's own (so the
// same bits) but none of its machinery: no roles in blocks, no lanes or masks, no gathering
// and scattering of the touching tiles, no noise memo (the lattice values are hashed where
// they are read). A floor whose lanes, gathers, masks, memo or warm-start records went wrong,
// or that left out a part (its field, its contacts, its lift test), ends with other states or
// other counters than this one: tile-bench compares both in every run.

#define FN__(x, s) x##_##s
#define FN_(x, s) FN__(x, s)
#define FN(x) FN_(x, FLOOR_SUFFIX)

/// The lattice values of one noise cell corner, both channels, hashed directly (ValueNoise).
static inline void FN(ref_corner)(uint64_t seed, int64_t i, int64_t j, int64_t k, double *v0, double *v1) {
    uint64_t inner = floor_mix((uint64_t)i * 0xD1B54A32D192ED03ull ^ (uint64_t)j * 0xABC98388FB8FAC03ull ^
                               (uint64_t)k * 0x8CB92BA72F3D8DD7ull);
    *v0 = (double)(floor_mix(seed ^ inner) >> 11) * 0x1p-52 - 1;
    *v1 = (double)(floor_mix((seed ^ 0x5DEECE66D1CE4E5Bull) ^ inner) >> 11) * 0x1p-52 - 1;
}

/// The field's force on tile t at its position and clock.
static void FN(ref_field)(const fling_floor *f, const ref_tile *t, double *fx, double *fy) {
    const fling_floor_scene *s = &f->sc;
    const double reach = 1e12;
    double dx = t->px - s->field_x, dy = t->py - s->field_y;
    dx = dx > reach ? reach : (dx < -reach ? -reach : dx);
    dy = dy > reach ? reach : (dy < -reach ? -reach : dy);
    double ax, ay, az;
    int64_t i = FN(split)(dx * s->field_cell_inverse, &ax), j = FN(split)(dy * s->field_cell_inverse, &ay),
            k = FN(split)(t->field_time * s->field_rate, &az);
    double c0[8], c1[8];
    for (int c = 0; c < 8; c++) FN(ref_corner)(s->field_seed, i + (c & 1), j + ((c >> 1) & 1), k + (c >> 2), c0 + c, c1 + c);
    double wx = ax * ax * (3 - 2 * ax), wy = ay * ay * (3 - 2 * ay), wz = az * az * (3 - 2 * az);
#define EDGE(a, b) ((a) + ((b) - (a)) * wx)
#define FACE(e0, e1) ((e0) + ((e1) - (e0)) * wy)
    double a0 = FACE(EDGE(c0[0], c0[1]), EDGE(c0[2], c0[3])), b0 = FACE(EDGE(c0[4], c0[5]), EDGE(c0[6], c0[7]));
    double a1 = FACE(EDGE(c1[0], c1[1]), EDGE(c1[2], c1[3])), b1 = FACE(EDGE(c1[4], c1[5]), EDGE(c1[6], c1[7]));
#undef EDGE
#undef FACE
    *fx = (a0 + (b0 - a0) * wz) * s->field_strength;
    *fy = (a1 + (b1 - a1) * wz) * s->field_strength;
}

/// One contact of the box with an edge (the floor's contact slot).
typedef struct {
    double nx, ny, r2x, r2y, dist, n_mass, t_mass, bias, bounce, jn, jt, jb;
    int key;
} FN(ref_contact);

/// One step of tile t (of scene index i): position, contacts, field, velocity update, joint,
/// iterations, in the floor's order.
static void FN(ref_step)(fling_floor *f, ref_tile *t, double dt_coef) {
    const fling_floor_scene *sc = &f->sc;
    const double dt = sc->dt, damping = f->damping_pow, gx = sc->gravity_x * dt, gy = sc->gravity_y * dt;
    const int iterations = sc->iterations;
    double c, s;
    FN(ref_contact) C[MAXC];
    int count = 0;
    double v0x = t->vx, v0y = t->vy, w0 = t->w;
    double fxk = 0.0, fyk = 0.0;
    if (!f->walls) {
        t->px += t->vx * dt;
        t->py += t->vy * dt;
        t->a += t->w * dt;
        FN(cossin)(t->a, &c, &s);
    } else {
        const double r = sc->wall_radius;
        const double x0 = sc->viewport_min_x, x1 = sc->viewport_max_x, y0 = sc->viewport_min_y, y1 = sc->viewport_max_y;
        double ox = t->px, oy = t->py;
        double nx = ox + (t->vx + t->bvx) * dt, ny = oy + (t->vy + t->bvy) * dt;
        t->px = nx;
        t->py = ny;
        t->a += (t->w + t->bw) * dt;
        t->bvx = 0.0;
        t->bvy = 0.0;
        t->bw = 0.0;
        f->crossings += ((ox - x0) * (nx - x0) < 0) + ((ox - x1) * (nx - x1) < 0) + ((oy - y0) * (ny - y0) < 0) +
                        ((oy - y1) * (ny - y1) < 0);
        FN(cossin)(t->a, &c, &s);
        double ac = c < 0 ? -c : c, as = s < 0 ? -s : s;
        double ex = ac * t->hw + as * t->hh, ey = as * t->hw + ac * t->hh;
        // The lift test, edge by edge (the side the centre came from).
        const double margin = sc->slop / 2;
        double lx = ex + r - margin - FN(fmax)(ex * 0.5, 1.0), ly = ey + r - margin - FN(fmax)(ey * 0.5, 1.0);
        int deep = 0;
        deep |= (ox - x0 < 0 ? -(nx - x0) : nx - x0) < lx;
        deep |= (x1 - ox < 0 ? -(x1 - nx) : x1 - nx) < lx;
        deep |= (oy - y0 < 0 ? -(ny - y0) : ny - y0) < ly;
        deep |= (y1 - oy < 0 ? -(y1 - ny) : y1 - ny) < ly;
        f->lifts += deep;
        // The contacts: every corner past each edge's surface, the two deepest at most.
        if ((nx - ex <= x0 + r) | (nx + ex >= x1 - r) | (ny - ey <= y0 + r) | (ny + ey >= y1 - r)) {
            double cx[4], cy[4];
            for (int q = 0; q < 4; q++) {
                double lxq = (q == 0 || q == 1) ? t->hw : -t->hw, lyq = (q == 1 || q == 2) ? t->hh : -t->hh;
                cx[q] = c * lxq - s * lyq;
                cy[q] = s * lxq + c * lyq;
            }
            const double surf[4] = {y0 + r, -(x1 - r), -(y1 - r), x0 + r};
            const double enx[4] = {0, -1, 0, 1}, eny[4] = {1, 0, -1, 0};
            for (int e = 0; e < 4; e++) {
                double depth[4];
                int deepest = 0;
                for (int q = 0; q < 4; q++) {
                    depth[q] = (t->px + cx[q]) * enx[e] + (t->py + cy[q]) * eny[e] - surf[e];
                    if (depth[q] < depth[deepest]) deepest = q;
                }
                if (depth[deepest] > 0.0) continue;
                int n1 = (deepest + 1) & 3, n3 = (deepest + 3) & 3, second = depth[n1] < depth[n3] ? n1 : n3;
                for (int p = 0; p < 2 && count < MAXC; p++) {
                    int q = p == 0 ? deepest : second;
                    if (p == 1 && depth[q] > 0.0) break;
                    C[count].nx = enx[e];
                    C[count].ny = eny[e];
                    C[count].r2x = cx[q];
                    C[count].r2y = cy[q];
                    C[count].dist = depth[q];
                    C[count].key = e * 4 + q;
                    // Warm start: last step's impulses of the same edge and corner.
                    C[count].jn = 0.0;
                    C[count].jt = 0.0;
                    for (int o = 0; o < t->count; o++)
                        if (t->key[o] == C[count].key) {
                            C[count].jn = t->jn[o];
                            C[count].jt = t->jt[o];
                        }
                    count++;
                }
            }
        }
        t->count = count;
        if (count) f->touching++;
        f->contacts += count;
        FN(ref_field)(f, t, &fxk, &fyk);
        t->field_time += dt;
    }
    // The joint's pre-step, the velocity update, the joint's cached impulse.
    const double mi = t->m_inv, ii = t->i_inv;
    double r2x = 0, r2y = 0, ka = 0, kb = 0, kd = 0, bx = 0, by = 0, snx = 0, sny = 0;
    if (t->role == 0) {
        double rx = c * t->anchor_x - s * t->anchor_y, ry = s * t->anchor_x + c * t->anchor_y;
        double k11 = mi + ii * ry * ry, k12 = -ii * rx * ry, k22 = mi + ii * rx * rx;
        double det_inv = 1.0 / (k11 * k22 - k12 * k12);
        ka = k22 * det_inv;
        kb = -k12 * det_inv;
        kd = k11 * det_inv;
        r2x = rx;
        r2y = ry;
        bx = ((t->px + rx) - t->fpx) * f->pivot_bias_coef;
        by = ((t->py + ry) - t->fpy) * f->pivot_bias_coef;
        double nvx = t->vx * damping + gx + fxk * mi * dt, nvy = t->vy * damping + gy + fyk * mi * dt;
        double nw = t->w * damping;
        double cx = t->jx * dt_coef, cy = t->jy * dt_coef;
        t->vx = nvx + cx * mi;
        t->vy = nvy + cy * mi;
        t->w = nw + ii * (rx * cy - ry * cx);
    } else if (t->role == 1) {
        double dx = t->px - t->ox, dy = t->py - t->oy;
        double dist = floor_sqrt(dx * dx + dy * dy);
        double inv = 1.0 / (dist != 0.0 ? dist : INFINITY);
        snx = dx * inv;
        sny = dy * inv;
        double j = -dist * t->stiff * dt;
        double jr = -t->a * t->ang_stiff * dt;
        t->vx = (t->vx + snx * j * mi) * damping + gx + fxk * mi * dt;
        t->vy = (t->vy + sny * j * mi) * damping + gy + fyk * mi * dt;
        t->w = (t->w + jr * ii) * damping;
    } else {
        t->vx = t->vx * damping + gx + fxk * mi * dt;
        t->vy = t->vy * damping + gy + fyk * mi * dt;
        t->w = t->w * damping;
    }
    double tv = 0.0, tw = 0.0;
    if (!count) {
        // No contact: the joint's iterations alone.
        for (int it = 0; it < iterations; it++) {
            if (t->role == 0) {
                double vrx = (t->vx - r2y * t->w) - t->fvx, vry = (t->vy + r2x * t->w) - t->fvy;
                double ex = bx - vrx, ey = by - vry;
                double ox = t->jx, oy = t->jy;
                double x = ox + (ex * ka + ey * kb), y = oy + (ex * kb + ey * kd);
                double dot = x * x + y * y, l = t->max_impulse;
                double scale = dot > l * l ? l / floor_sqrt(dot) : 1.0;
                double dx = x * scale - ox, dy = y * scale - oy;
                t->jx = ox + dx;
                t->jy = oy + dy;
                t->vx += dx * mi;
                t->vy += dy * mi;
                t->w += ii * (r2x * dy - r2y * dx);
            } else if (t->role == 1) {
                double vrn = t->vx * snx + t->vy * sny;
                double v_damp = (tv - vrn) * t->v_coef;
                double wrn = -t->w, w_damp = (tw - wrn) * t->w_coef;
                tv = vrn + v_damp;
                tw = wrn + w_damp;
                t->vx += snx * v_damp;
                t->vy += sny * v_damp;
                t->w -= w_damp;
            }
        }
        return;
    }
    // The contacts' pre-steps and cached impulses, then per iteration each contact and the joint.
    const double e = sc->wall_elasticity * sc->box_elasticity, u = sc->wall_friction * sc->box_friction;
    for (int q = 0; q < count; q++) {
        FN(ref_contact) *k = C + q;
        double rx = k->r2x, ry = k->r2y, nx = k->nx, ny = k->ny;
        double rcn = rx * ny - ry * nx, rct = rx * nx + ry * ny;
        k->n_mass = 1.0 / (mi + ii * rcn * rcn);
        k->t_mass = 1.0 / (mi + ii * rct * rct);
        k->bias = -f->bias_coef_contacts * FN(fmin)(0.0, k->dist + sc->slop) / dt;
        double vrn = (v0x - ry * w0) * nx + (v0y + rx * w0) * ny;
        k->bounce = vrn * e;
        k->jb = 0.0;
        double jn = k->jn * dt_coef, jt = k->jt * dt_coef;
        k->jn = jn;
        k->jt = jt;
        double jx = nx * jn - ny * jt, jy = nx * jt + ny * jn;
        t->vx += jx * mi;
        t->vy += jy * mi;
        t->w += ii * (rx * jy - ry * jx);
    }
    double bvx = 0.0, bvy = 0.0, bw = 0.0;
    for (int it = 0; it < iterations; it++) {
        for (int q = 0; q < count; q++) {
            FN(ref_contact) *k = C + q;
            double nx = k->nx, ny = k->ny, rx = k->r2x, ry = k->r2y;
            double vbn = (bvx - ry * bw) * nx + (bvy + rx * bw) * ny;
            double vrx = t->vx - ry * t->w, vry = t->vy + rx * t->w;
            double vrn = vrx * nx + vry * ny, vrt = vry * nx - vrx * ny;
            double jb_old = k->jb, jb = FN(fmax)(jb_old + (k->bias - vbn) * k->n_mass, 0.0);
            double jn_old = k->jn, jn = FN(fmax)(jn_old - (k->bounce + vrn) * k->n_mass, 0.0);
            double jt_max = u * jn, jt_old = k->jt, jt = FN(fmin)(FN(fmax)(jt_old - vrt * k->t_mass, -jt_max), jt_max);
            k->jb = jb;
            k->jn = jn;
            k->jt = jt;
            double db = jb - jb_old, bjx = nx * db, bjy = ny * db;
            bvx += bjx * mi;
            bvy += bjy * mi;
            bw += ii * (rx * bjy - ry * bjx);
            double djn = jn - jn_old, djt = jt - jt_old;
            double jx = nx * djn - ny * djt, jy = nx * djt + ny * djn;
            t->vx += jx * mi;
            t->vy += jy * mi;
            t->w += ii * (rx * jy - ry * jx);
        }
        if (t->role == 0) {
            double vrx = (t->vx - r2y * t->w) - t->fvx, vry = (t->vy + r2x * t->w) - t->fvy;
            double ex = bx - vrx, ey = by - vry, ox = t->jx, oy = t->jy;
            double x = ox + (ex * ka + ey * kb), y = oy + (ex * kb + ey * kd);
            double dot = x * x + y * y, ln = t->max_impulse, scale = dot > ln * ln ? ln / floor_sqrt(dot) : 1.0;
            x *= scale;
            y *= scale;
            double dx = x - ox, dy = y - oy;
            t->jx = x;
            t->jy = y;
            t->vx += dx * mi;
            t->vy += dy * mi;
            t->w += ii * (r2x * dy - r2y * dx);
        } else if (t->role == 1) {
            double vrn = t->vx * snx + t->vy * sny, v_damp = (tv - vrn) * t->v_coef;
            double wrn = -t->w, w_damp = (tw - wrn) * t->w_coef;
            tv = vrn + v_damp;
            tw = wrn + w_damp;
            t->vx += snx * v_damp;
            t->vy += sny * v_damp;
            t->w -= w_damp;
        }
    }
    t->bvx = bvx;
    t->bvy = bvy;
    t->bw = bw;
    for (int q = 0; q < count; q++) {
        t->key[q] = (int8_t)C[q].key;
        t->jn[q] = C[q].jn;
        t->jt[q] = C[q].jt;
    }
}

/// The reference's tick: every finger, then every tile's step in scene order, the states, the
/// life cycle.
static void FN(ref_tick)(fling_floor *f) {
    const fling_floor_scene *sc = &f->sc;
    const double dt = sc->dt;
    const int64_t n = f->n, k = f->tick;
    for (int64_t i = 0; i < n; i++) {
        ref_tile *t = f->ref + i;
        if (t->role != 0) continue;
        double ncx = t->cx * t->rcx - t->sx * t->rsx, nsx = t->sx * t->rcx + t->cx * t->rsx;
        double ncy = t->cy * t->rcy - t->sy * t->rsy, nsy = t->sy * t->rcy + t->cy * t->rsy;
        t->cx = ncx;
        t->sx = nsx;
        t->cy = ncy;
        t->sy = nsy;
        double tx = t->start_x + t->amp_x * (nsx - t->sin_x0), ty = t->start_y + t->amp_y * nsy;
        t->fvx = (tx - t->fpx) / dt;
        t->fvy = (ty - t->fpy) / dt;
        t->fpx = tx;
        t->fpy = ty;
    }
    double dt_coef = f->dt_prev == 0.0 ? 0.0 : dt / f->dt_prev;
    for (int64_t i = 0; i < n; i++) FN(ref_step)(f, f->ref + i, dt_coef);
    f->dt_prev = dt;
    for (int64_t i = 0; i < n; i++) {
        const ref_tile *t = f->ref + i;
        double *o = f->out + 6 * i;
        o[0] = t->px; o[1] = t->py; o[2] = t->a; o[3] = t->vx; o[4] = t->vy; o[5] = t->w;
    }
    for (int64_t i = 0; i < n; i++) {
        ref_tile *t = f->ref + i;
        if (t->role == 2) {
            double x = t->px, y = t->py, r = t->cull;
            if (!(x + r < sc->cull_min_x || x - r > sc->cull_max_x || y + r < sc->cull_min_y || y - r > sc->cull_max_y))
                continue;
            uint64_t g = floor_rng(i, k, 0xFA11000000000002ull);
            t->px = t->ox;
            t->py = t->oy;
            t->a = 0.0;
            t->vx = floor_uniform(&g, -700, 700);
            t->vy = floor_uniform(&g, -1400, 200);
            t->w = floor_uniform(&g, -8, 8);
            t->bvx = t->bvy = t->bw = 0.0;
            t->field_time = 0.0;
            t->count = 0;
            f->respawns++;
        } else if (t->role == 1 && t->bucket == k % sc->spring_period) {
            uint64_t g = floor_rng(i, k, 0x5B41000000000003ull);
            t->vx = floor_uniform(&g, -1200, 1200);
            t->vy = floor_uniform(&g, -1200, 1200);
            t->w = floor_uniform(&g, -6, 6);
        } else if (t->role == 0 && t->bucket == k % sc->regrab_period) {
            double c, s;
            FN(cossin)(t->a, &c, &s);
            double dx = t->fpx - t->px, dy = t->fpy - t->py;
            t->anchor_x = c * dx + s * dy;
            t->anchor_y = -s * dx + c * dy;
            t->fvx = t->fvy = 0.0;
            t->jx = t->jy = 0.0;
        }
    }
    f->tick = k + 1;
}

#undef FN
#undef FN_
#undef FN__
