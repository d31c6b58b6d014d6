/** Picks the session strategy of a configuration. */
import type { InternalConfig } from "../config/normalize";
import { databaseStrategy } from "./database";
import { jwtStrategy } from "./jwt";
import type { SessionStrategy } from "./strategy";

/** The strategy configured in `session.strategy`. */
export function sessionStrategy(config: InternalConfig): SessionStrategy {
  return config.session.strategy === "database" ? databaseStrategy : jwtStrategy;
}
