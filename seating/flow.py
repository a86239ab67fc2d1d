"""A small exact min-cost flow: the primal-dual method (Dijkstra on reduced costs, then a blocking flow
on the arcs of the shortest paths), so a phase moves many units at once.

Convex costs are given as parallel arcs of rising cost, which cheapest paths always use in order, so the
flow found is optimal for the convex problem too (the standard unit-increment argument). Costs are Python
integers, so a lexicographic objective is a weighted sum with weights as large as it needs.
"""

from __future__ import annotations

import heapq
from collections import deque


class FlowNetwork:
    def __init__(self, nodes: int) -> None:
        self.nodes = nodes
        self.head: list[int] = []
        self.capacity: list[int] = []
        self.cost: list[int] = []
        self.flow: list[int] = []
        self.out: list[list[int]] = [[] for _ in range(nodes)]

    def add_arc(self, tail: int, head: int, capacity: int, cost: int) -> int:
        """Add an arc and its residual twin (index ^ 1); the arc's index, to read its flow afterwards."""
        index = len(self.head)
        self.head += [head, tail]
        self.capacity += [capacity, 0]
        self.cost += [cost, -cost]
        self.flow += [0, 0]
        self.out[tail].append(index)
        self.out[head].append(index + 1)
        return index

    def _potentials(self, source: int) -> list[int]:
        """Distances from the source by Bellman-Ford (arcs may start negative; there is no negative cycle)."""
        distance: list[int | None] = [None] * self.nodes
        distance[source] = 0
        queue, waiting = deque([source]), [False] * self.nodes
        while queue:
            node = queue.popleft()
            waiting[node] = False
            start = distance[node]
            assert start is not None
            for arc in self.out[node]:
                if self.capacity[arc] > self.flow[arc]:
                    head, reach = self.head[arc], start + self.cost[arc]
                    known = distance[head]
                    if known is None or reach < known:
                        distance[head] = reach
                        if not waiting[head]:
                            waiting[head] = True
                            queue.append(head)
        return [d if d is not None else 0 for d in distance]

    def _dijkstra(self, source: int, potential: list[int]) -> list[int | None]:
        distance: list[int | None] = [None] * self.nodes
        distance[source] = 0
        queue = [(0, source)]
        head, capacity, flow, cost = self.head, self.capacity, self.flow, self.cost
        while queue:
            reached, node = heapq.heappop(queue)
            if reached != distance[node]:
                continue
            base = reached + potential[node]
            for arc in self.out[node]:
                if capacity[arc] > flow[arc]:
                    target = head[arc]
                    reach = base + cost[arc] - potential[target]
                    known = distance[target]
                    if known is None or reach < known:
                        distance[target] = reach
                        heapq.heappush(queue, (reach, target))
        return distance

    def _admissible(self, node: int, arc: int, potential: list[int]) -> bool:
        target = self.head[arc]
        return self.capacity[arc] > self.flow[arc] and (
            self.cost[arc] + potential[node] - potential[target] == 0
        )

    def _levels(self, source: int, potential: list[int]) -> list[int]:
        level = [-1] * self.nodes
        level[source] = 0
        queue = deque([source])
        while queue:
            node = queue.popleft()
            for arc in self.out[node]:
                target = self.head[arc]
                if level[target] < 0 and self._admissible(node, arc, potential):
                    level[target] = level[node] + 1
                    queue.append(target)
        return level

    def _push(self, source: int, sink: int, limit: int, potential: list[int], level: list[int]) -> int:
        """One blocking flow on the admissible arcs (Dinic's, iterative); the units pushed."""
        pushed = 0
        position = [0] * self.nodes
        while pushed < limit:
            path: list[int] = []
            node = source
            while node != sink:
                arcs = self.out[node]
                while position[node] < len(arcs):
                    arc = arcs[position[node]]
                    target = self.head[arc]
                    if level[target] == level[node] + 1 and self._admissible(node, arc, potential):
                        break
                    position[node] += 1
                if position[node] == len(arcs):
                    if not path:
                        return pushed
                    level[node] = -1
                    arc = path.pop()
                    node = self.head[arc ^ 1]
                    position[node] += 1
                    continue
                path.append(arcs[position[node]])
                node = self.head[path[-1]]
            amount = min([limit - pushed] + [self.capacity[a] - self.flow[a] for a in path])
            for arc in path:
                self.flow[arc] += amount
                self.flow[arc ^ 1] -= amount
            pushed += amount
        return pushed

    def min_cost_flow(self, source: int, sink: int, amount: int) -> int:
        """Send up to `amount` from source to sink at the least cost; the amount sent."""
        potential = self._potentials(source)
        sent = 0
        while sent < amount:
            distance = self._dijkstra(source, potential)
            if distance[sink] is None:
                break
            for node in range(self.nodes):
                reached = distance[node]
                potential[node] += reached if reached is not None else distance[sink]  # type: ignore[operator]
            level = self._levels(source, potential)
            if level[sink] < 0:
                break
            sent += self._push(source, sink, amount - sent, potential, level)
        return sent

    def total_cost(self) -> int:
        return sum(self.cost[a] * self.flow[a] for a in range(0, len(self.head), 2))
