"""Cypher for the graph-expansion stage of a search (mal/expansion.py): one bounded statement that
finds memories the vector search missed, through the entities they share with the top hits or the
question, and through the seed turns' neighbours in their session."""

from __future__ import annotations

__all__ = ["EXPAND"]

# Seeds are the vector stage's top hits ({id, w}: w falls with rank); names are the question's own
# entities (w = $query_weight; a name of 3+ letters also matches longer names it starts: "mel" ->
# "melanie"). An entity counts by its specificity within the subject, ln((1 + N) / df), N = the
# subject's memories, df = memories linked to it; entities in more than $max_df memories (the
# speaker, "today") are skipped, which also bounds the fan-out. Topics (content words) count
# $topic_weight of a name. A seed's neighbours in its session (the turn before and after, found
# through the `context` each episode keeps) get $neighbour_weight x the seed's w. Subject-scoped
# on every node; LIMIT bounds the answer.
EXPAND = """
MATCH (u:User {key: $subject})
WITH u, COUNT { (u)-[:HAS_MEMORY]->(:Memory) } AS total
CALL (u, total) {
  CALL (u) {
    UNWIND $seeds AS seed
    MATCH (u)-[:HAS_MEMORY]->(:Memory {id: seed.id})-[:ABOUT]->(e:Entity)
    RETURN e, seed.w AS w
    UNION ALL
    MATCH (e:Entity {subject: $subject})
    WHERE e.name IN $names
       OR (e.type IN ['name', 'person'] AND any(p IN $names WHERE size(p) >= 3 AND e.name STARTS WITH p))
    RETURN e, $query_weight AS w
  }
  WITH total, e, sum(w) * CASE e.type WHEN 'topic' THEN $topic_weight ELSE 1.0 END AS w
  WITH total, e, w, COUNT { (e)<-[:ABOUT]-(:Memory) } AS df
  WHERE df >= 1 AND df <= $max_df
  MATCH (e)<-[:ABOUT]-(m:Memory)
  WHERE m.subject = $subject AND m.status IN $statuses AND m.indexed = true
  RETURN m, sum(w * log((1.0 + total) / df)) AS score
  UNION ALL
  UNWIND CASE WHEN $neighbour_weight > 0 THEN $seeds ELSE [] END AS seed
  MATCH (u)-[:HAS_MEMORY]->(s:Memory {id: seed.id})
  MATCH (u)-[:HAS_MEMORY]->(m:Memory {session_id: s.session_id})
  WHERE m.id <> s.id AND m.status IN $statuses AND m.indexed = true
    AND ((m.context <> '' AND m.context = s.text) OR (s.context <> '' AND m.text = s.context))
  RETURN m, seed.w * $neighbour_weight AS score
}
WITH m, sum(score) AS score
ORDER BY score DESC, m.id
LIMIT $limit
RETURN m.id AS id, score
"""
