---- MODULE Helper ----
vckACNb == 9
dbip93GFP == 5
THEOREM KK2i == TRUE
====
