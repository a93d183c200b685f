DROP TABLE login_networks;
