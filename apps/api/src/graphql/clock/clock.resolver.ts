// The server's clock, for clients that count down to the moments the API serves (a pod's availableAt,
// a blocker's or the health's `until`, a subset's recoversAt): they are wall-clock instants of this
// server (a scaled cluster clock is mapped to the wall clock), so a client counts down against this
// server's time, not its own clock, which may be off.
import { Query, Resolver } from '@nestjs/graphql';

@Resolver()
export class ClockResolver {
  @Query(() => Date, {
    description: "The server's wall-clock time as it answers: take it minus your own clock's (less half the round trip) and count down to the instants the API serves (availableAt, until, recoversAt) on the server's clock.",
  })
  serverTime(): Date {
    return new Date();
  }
}
