module edgrid

go 1.26
