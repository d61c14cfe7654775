// The machine's floor for tile-bench: the tile workload's per-tile work in plain C over flat
// arrays (see FlingFloor.c for what it computes and leaves out).
#ifndef FLING_FLOOR_H
#define FLING_FLOOR_H

#include <stddef.h>
#include <stdint.h>

/// The scene's constants, the same for every tile.
typedef struct {
    double dt;
    double gravity_x, gravity_y;
    /// Velocity kept after one second (`cpSpace.damping`; 1 in tile-bench).
    double damping;
    /// The drag's error bias (fraction of the error left after one second).
    double drag_error_bias;
    int iterations;
    /// The culling box: the viewport grown by the cull margin.
    double cull_min_x, cull_min_y, cull_max_x, cull_max_y;
    int spring_period, regrab_period;
    /// Walls and field (ignored without walls).
    double viewport_min_x, viewport_min_y, viewport_max_x, viewport_max_y;
    /// The walls are the viewport's four edges (axis-aligned segments), all of this radius.
    double wall_radius;
    double wall_elasticity, wall_friction, box_elasticity, box_friction;
    /// `1 - collisionBias^dt` is computed once; `slop` the contacts' allowed overlap.
    double collision_bias, slop;
    double field_x, field_y, field_strength, field_cell_inverse, field_rate;
    uint64_t field_seed;
} fling_floor_scene;

/// One tile, as the workload makes it (role 0 dragged, 1 springing, 2 falling).
typedef struct {
    int role;
    /// The tile's index in the scene (the seeds of its tosses and kicks).
    int64_t index;
    double mass, moment, width, height, cull_radius;
    double px, py, angle, vx, vy, w;
    /// Dragged: the grabbed point (tile coordinates), the drag's force limit, the finger's
    /// start and Lissajous path (phases as (cos, sin) pairs and per-tick rotations).
    double anchor_x, anchor_y, max_force;
    double finger_x, finger_y, amplitude_x, amplitude_y, sin_x0;
    double cos_x, sin_x, rot_cos_x, rot_sin_x, rot_cos_y, rot_sin_y;
    /// Springing: its home and the springs' constants.
    double origin_x, origin_y, stiffness, damping, angular_stiffness, angular_damping;
    int bucket;
} fling_floor_tile;

typedef struct fling_floor fling_floor;

/// Which copy of the tick a floor runs: the best this CPU has (AVX2 and FMA on an x86-64 that
/// has them), or the baseline instruction set (SSE2 on x86-64, as the Swift rows are built).
enum { FLING_FLOOR_BEST = 0, FLING_FLOOR_BASELINE = 1 };

/// Faults planted in a floor on purpose (`fling_floor_plant`), so that the checks on it can be
/// seen to fail: its noise field left out, its contacts left out, its lift test left out.
enum { FLING_FLOOR_PLANT_NOISE = 1, FLING_FLOOR_PLANT_CONTACTS = 2, FLING_FLOOR_PLANT_LIFT_TEST = 4 };

/// Room for `count` tiles, all arrays allocated here, once, running the tick's `isa` copy
/// (FLING_FLOOR_BEST or FLING_FLOOR_BASELINE). NULL if out of memory.
fling_floor *fling_floor_create(const fling_floor_scene *scene, int64_t count, int walls, int isa);
/// The floor's scalar reference: the same tick written plainly, one tile at a time over an array
/// of structures (no lanes, no gathering, no memo, no per-role blocks), compiled for the same
/// instruction set as `fling_floor_create`'s copy (so that the same expressions round alike:
/// with FMA, clang fuses the same multiply-adds). Its states must equal the floor's, bit for bit.
fling_floor *fling_floor_reference_create(const fling_floor_scene *scene, int64_t count, int walls, int isa);
/// Plants `faults` (FLING_FLOOR_PLANT_…) in a floor made by `fling_floor_create`.
void fling_floor_plant(fling_floor *floor, int faults);
/// Tile `i` of the scene (every one before the first tick).
void fling_floor_set_tile(fling_floor *floor, int64_t i, const fling_floor_tile *tile);
/// One tick of the workload: fingers, the step of every tile, the states read out, the
/// life cycle (respawns, re-releases, re-grabs).
void fling_floor_tick(fling_floor *floor);
/// Tile `i`'s state as the tick read it out: x, y, angle, vx, vy, w.
void fling_floor_state(const fling_floor *floor, int64_t i, double out[6]);
int64_t fling_floor_respawns(const fling_floor *floor);
/// Tile-steps whose box touched a wall, and contacts made, since creation (walls floor).
int64_t fling_floor_touching(const fling_floor *floor);
int64_t fling_floor_contacts(const fling_floor *floor);
/// Tile-steps whose centre's path crossed an edge's line (the put-back the floor leaves out),
/// and tile-steps whose box the sweep's lift test found deep in an edge (the lift it leaves out).
int64_t fling_floor_crossings(const fling_floor *floor);
int64_t fling_floor_lifts(const fling_floor *floor);
/// The instruction set a floor's tick runs with ("avx2+fma", "sse2" on x86-64; "baseline"
/// elsewhere, NEON on arm64).
const char *fling_floor_isa(const fling_floor *floor);
/// The instruction set FLING_FLOOR_BEST picks on this CPU.
const char *fling_floor_best_isa(void);
/// Bytes the floor's arrays take.
size_t fling_floor_bytes(const fling_floor *floor);
void fling_floor_destroy(fling_floor *floor);

#endif
