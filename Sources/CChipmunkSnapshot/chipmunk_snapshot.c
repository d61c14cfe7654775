// See include/chipmunk_snapshot.h. Chipmunk 7.0.3's own code this follows: cpSpaceStep.c
// (cpSpaceArbiterSetTrans, cpSpaceCollideShapes), cpArbiter.c (cpArbiterUpdate),
// cpSpaceComponent.c (cpBodyPushArbiter).
#include "chipmunk_snapshot.h"

#if __has_include(<chipmunk/chipmunk_private.h>)
#include <stdlib.h>
#include <chipmunk/chipmunk_private.h>

void fling_body_get(const cpBody *b, FlingBodyState *s) {
    s->px = b->p.x; s->py = b->p.y; s->angle = b->a;
    s->vx = b->v.x; s->vy = b->v.y; s->w = b->w;
    s->bias_vx = b->v_bias.x; s->bias_vy = b->v_bias.y; s->bias_w = b->w_bias;
}

void fling_body_set(cpBody *b, const FlingBodyState *s) {
    b->p.x = s->px; b->p.y = s->py;
    cpBodySetAngle(b, s->angle);
    b->v.x = s->vx; b->v.y = s->vy; b->w = s->w;
    b->v_bias.x = s->bias_vx; b->v_bias.y = s->bias_vy; b->w_bias = s->bias_w;
}

void fling_body_set_inverses(cpBody *b, double mass_inverse, double moment_inverse) {
    b->m_inv = mass_inverse;
    b->i_inv = moment_inverse;
}

void fling_pivot_impulse(const cpConstraint *c, double *x, double *y) {
    const cpPivotJoint *j = (const cpPivotJoint *)c;
    *x = j->jAcc.x; *y = j->jAcc.y;
}

void fling_pivot_set_impulse(cpConstraint *c, double x, double y) {
    cpPivotJoint *j = (cpPivotJoint *)c;
    j->jAcc.x = x; j->jAcc.y = y;
}

double fling_gear_impulse(const cpConstraint *c) { return ((const cpGearJoint *)c)->jAcc; }
void fling_gear_set_impulse(cpConstraint *c, double j) { ((cpGearJoint *)c)->jAcc = j; }

unsigned int fling_space_stamp(const cpSpace *space) { return space->stamp; }
unsigned long fling_shape_hashid(const cpShape *shape) { return (unsigned long)shape->hashid; }
void fling_space_set_stamp(cpSpace *space, unsigned int stamp) { space->stamp = stamp; }
double fling_space_previous_dt(const cpSpace *space) { return space->curr_dt; }
void fling_space_set_previous_dt(cpSpace *space, double dt) { space->curr_dt = dt; }

/// SegmentToPoly's contact hash: the wall's edge point (its shape id, end) paired with the
/// box's (its shape id, corner).
static cpHashValue contact_hash(const cpShape *wall, const cpShape *box, uint16_t feature) {
    cpHashValue a = CP_HASH_PAIR(wall->hashid, feature >> 8);
    cpHashValue b = CP_HASH_PAIR(box->hashid, feature & 0xFF);
    return CP_HASH_PAIR(a, b);
}

struct Collect {
    cpSpace *space;
    const cpShape *box;
    cpShape *const *walls;
    int count;
    FlingArbiterState *out;
    int found;
    int bad;
};

static void collect(void *elt, void *data) {
    cpArbiter *arb = (cpArbiter *)elt;
    struct Collect *c = (struct Collect *)data;
    if (arb->b != c->box) return;
    int wall = -1;
    for (int k = 0; k < c->count; k++) {
        if (arb->a == c->walls[k]) { wall = k; break; }
    }
    // Another wall set's (the shared space): ignored by the begin callback, never solved.
    if (wall < 0) return;
    if (c->found >= c->count || arb->state == CP_ARBITER_STATE_IGNORE || arb->swapped || arb->count < 0 || arb->count > 2
        || arb->handler != &c->space->defaultHandler || arb->handlerA != &cpCollisionHandlerDoNothing
        || arb->handlerB != &cpCollisionHandlerDoNothing) {
        c->bad = 1;
        return;
    }
    FlingArbiterState *s = &c->out[c->found++];
    s->wall = wall;
    s->state = arb->state == CP_ARBITER_STATE_FIRST_COLLISION ? 0 : (arb->state == CP_ARBITER_STATE_NORMAL ? 1 : 2);
    s->age = c->space->stamp - arb->stamp;
    s->count = arb->count;
    for (int n = 0; n < arb->count; n++) {
        int matched = 0;
        for (uint16_t end = 0; end <= 1 && !matched; end++) {
            for (uint16_t corner = 0; corner <= 3 && !matched; corner++) {
                uint16_t feature = (uint16_t)(end << 8 | corner);
                if (contact_hash(arb->a, arb->b, feature) == arb->contacts[n].hash) {
                    s->contacts[n].feature = feature;
                    matched = 1;
                }
            }
        }
        if (!matched) c->bad = 1;
        s->contacts[n].jn = arb->contacts[n].jnAcc;
        s->contacts[n].jt = arb->contacts[n].jtAcc;
    }
}

int fling_arbiters(cpSpace *space, const cpShape *box, cpShape *const *walls, int count, FlingArbiterState *out) {
    struct Collect c = {space, box, walls, count, out, 0, 0};
    cpHashSetEach(space->cachedArbiters, collect, &c);
    if (c.bad) return -1;
    // Insertion sort by wall index: the cache's order is its hash table's, of pointers.
    for (int i = 1; i < c.found; i++) {
        FlingArbiterState x = out[i];
        int j = i - 1;
        while (j >= 0 && out[j].wall > x.wall) { out[j + 1] = out[j]; j--; }
        out[j + 1] = x;
    }
    return c.found;
}

/// cpSpaceArbiterSetTrans: an arbiter from the space's pool, which grows by a buffer the space
/// owns (and frees in cpSpaceDestroy).
static cpArbiter *pooled_arbiter(cpSpace *space) {
    if (space->pooledArbiters->num == 0) {
        int count = CP_BUFFER_BYTES / sizeof(cpArbiter);
        cpArbiter *buffer = (cpArbiter *)calloc(1, CP_BUFFER_BYTES);
        cpArrayPush(space->allocatedBuffers, buffer);
        for (int i = 0; i < count; i++) cpArrayPush(space->pooledArbiters, buffer + i);
    }
    return (cpArbiter *)cpArrayPop(space->pooledArbiters);
}

/// cpBodyPushArbiter: the arbiter at the head of the body's contact graph list.
static void push_arbiter(cpBody *body, cpArbiter *arb) {
    cpArbiter *next = body->arbiterList;
    cpArbiterThreadForBody(arb, body)->next = next;
    if (next) cpArbiterThreadForBody(next, body)->prev = arb;
    body->arbiterList = arb;
}

void fling_restore_arbiter(cpSpace *space, cpShape *wall, cpShape *box, const FlingArbiterState *s) {
    if (!space->contactBuffersHead) cpSpacePushFreshContactBuffer(space);
    cpArbiter *arb = cpArbiterInit(pooled_arbiter(space), wall, box);
    // What cpArbiterUpdate gives an arbiter of a wall and a box under the default handler
    // (which fling_arbiters checked the snapshotted one had).
    arb->e = wall->e * box->e;
    arb->u = wall->u * box->u;
    arb->handler = &space->defaultHandler;
    arb->handlerA = &cpCollisionHandlerDoNothing;
    arb->handlerB = &cpCollisionHandlerDoNothing;
    arb->swapped = cpFalse;
    struct cpContact *contacts = cpContactBufferGetArray(space);
    for (int n = 0; n < s->count; n++) {
        struct cpContact zero = {0};
        contacts[n] = zero;
        contacts[n].hash = contact_hash(wall, box, s->contacts[n].feature);
        contacts[n].jnAcc = s->contacts[n].jn;
        contacts[n].jtAcc = s->contacts[n].jt;
    }
    cpSpacePushContacts(space, s->count);
    arb->contacts = contacts;
    arb->count = s->count;
    arb->stamp = space->stamp - s->age;
    arb->state = s->state == 0 ? CP_ARBITER_STATE_FIRST_COLLISION : (s->state == 1 ? CP_ARBITER_STATE_NORMAL : CP_ARBITER_STATE_CACHED);
    const cpShape *pair[] = {wall, box};
    cpHashSetInsert(space->cachedArbiters, CP_HASH_PAIR((cpHashValue)wall, (cpHashValue)box), pair, NULL, arb);
    if (s->age == 0) {
        cpArrayPush(space->arbiters, arb);
        push_arbiter(arb->body_a, arb);
        push_arbiter(arb->body_b, arb);
    }
}
#endif
