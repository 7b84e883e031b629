---- MODULE E4290_recursive_primes_parameter ----
RECURSIVE Walk(_)
Walk(n) == IF n = {} THEN n' ELSE Walk({})
====
