---- MODULE E4205_defined_operator_primes_parameter ----
VARIABLE x
Next(e) == e'
Bad == Next(x')
====
